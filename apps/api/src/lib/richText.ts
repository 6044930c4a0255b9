import sanitizeHtml from 'sanitize-html';

/**
 * A blog post's body (the rich text editor's HTML) cut down to what the editor makes, by an allowlist, on every
 * write: paragraphs, headings 2 to 4, bold, italic, underline, strike, inline code and code blocks, lists,
 * quotes, rules, line breaks and links. Everything else goes, whatever it is called or however it is spelled:
 * scripts and styles with their text, event handlers (`on*`), `style`, `class` and `id`, images, frames, forms,
 * SVG and MathML (their text is dropped too), and any link that is not an absolute http(s) or mailto address.
 * Links keep `rel="noopener noreferrer nofollow"` (the site vouches for nothing it links to).
 */

export const RICH_TEXT_TAGS = [
  'p',
  'h2',
  'h3',
  'h4',
  'strong',
  'em',
  'u',
  's',
  'code',
  'pre',
  'blockquote',
  'ul',
  'ol',
  'li',
  'a',
  'hr',
  'br',
];
export const RICH_TEXT_ATTRIBUTES: Record<string, string[]> = { a: ['href', 'rel', 'target'], ol: ['start'] };
export const LINK_REL = 'noopener noreferrer nofollow';
const LINK_PROTOCOLS = new Set(['http:', 'https:', 'mailto:']);

/** Elements whose text is dropped with them: code, styles, embedded documents and foreign markup. */
const DROPPED_WITH_TEXT = [
  'script',
  'style',
  'textarea',
  'option',
  'select',
  'xmp',
  'noscript',
  'noembed',
  'noframes',
  'iframe',
  'frame',
  'frameset',
  'object',
  'embed',
  'applet',
  'template',
  'title',
  'head',
  'svg',
  'math',
  'plaintext',
  'listing',
];

/** A domain typed without its scheme (`www.example.com/page`): the editor's user meant the web address. */
const BARE_DOMAIN = /^(?:www\.)?[a-z0-9-]+(?:\.[a-z0-9-]+)+(?:[/?#]|$)/i;

/**
 * The absolute address a link may keep, or null. Parsed as a browser would (tabs and newlines anywhere and
 * control characters at the ends are ignored, so `jav&#x09;ascript:` is `javascript:`): http, https and mailto only.
 */
export function safeLinkHref(raw: string): string | null {
  // What the URL parser ignores: C0 controls and spaces at both ends, tabs and newlines anywhere.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the URL parser's own rule.
  let href = raw.replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, '').replace(/[\t\n\r]/g, '');
  if (href === '') return null;
  if (!/^[a-z][a-z0-9+.-]*:/i.test(href) && BARE_DOMAIN.test(href)) href = `https://${href}`;
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return null;
  }
  return LINK_PROTOCOLS.has(url.protocol) ? url.href : null;
}

const options: sanitizeHtml.IOptions = {
  allowedTags: RICH_TEXT_TAGS,
  allowedAttributes: RICH_TEXT_ATTRIBUTES,
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  allowedClasses: {},
  allowedStyles: {},
  disallowedTagsMode: 'discard',
  nonTextTags: DROPPED_WITH_TEXT,
  // Deep nesting serves no post; it only makes every reader's parser work.
  nestingLimit: 40,
  parser: { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  exclusiveFilter: (frame) => (frame.tag === 'a' && !frame.attribs.href ? 'excludeTag' : false),
  transformTags: {
    b: 'strong',
    i: 'em',
    strike: 's',
    del: 's',
    h1: 'h2',
    h5: 'h4',
    h6: 'h4',
    // A link to nowhere allowed loses its attributes here and its tag in `exclusiveFilter` (its text stays). Not
    // renamed to a dropped tag: sanitize-html 2.18 then closes the next link of that depth with the dropped tag's name.
    a: (_tagName, attribs) => {
      const href = safeLinkHref(attribs.href ?? '');
      if (!href) return { tagName: 'a', attribs: {} };
      return { tagName: 'a', attribs: { href, rel: LINK_REL, ...(attribs.target === '_blank' ? { target: '_blank' } : {}) } };
    },
    ol: (_tagName, attribs) => {
      const start = Number(attribs.start);
      const kept: sanitizeHtml.Attributes = Number.isInteger(start) && start > 1 && start < 100_000 ? { start: String(start) } : {};
      return { tagName: 'ol', attribs: kept };
    },
  },
};

/** Empty paragraphs at the end (the editor keeps one after the last block to type into): they say nothing. */
const TRAILING_EMPTY_PARAGRAPHS = /(?:\s*<p>(?:\s|<br \/>)*<\/p>)+$/;

/** The body as stored: the allowlist's output without empty paragraphs at its end (applying it again changes nothing). */
export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, options).trim().replace(TRAILING_EMPTY_PARAGRAPHS, '');
}

/** Block ends that separate words in the text (a paragraph's last word and the next one's first). */
const BLOCK_END = /<\/(?:p|h2|h3|h4|li|blockquote|pre)>|<br\s*\/?>|<hr\s*\/?>/g;

/** The readable text of a sanitised body, blocks apart by a space: for search, excerpts and the "empty" check. */
export function richTextToPlainText(sanitized: string): string {
  const text = sanitizeHtml(sanitized.replace(BLOCK_END, '$& '), { allowedTags: [], allowedAttributes: {} });
  // sanitize-html escapes only these in text; &amp; last, so "&amp;lt;" stays "&lt;".
  return text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}

export const EXCERPT_LENGTH = 200;

/**
 * The start of a text, about `length` characters, cut after a whole word (or at a whole letter of a long word,
 * so a Tamil letter never loses its vowel sign), with an ellipsis when something was cut.
 */
export function excerptOf(text: string, length = EXCERPT_LENGTH): string {
  if (text.length <= length) return text;
  const head = text.slice(0, length + 1);
  const space = head.lastIndexOf(' ');
  if (space >= length / 2) return `${head.slice(0, space).trimEnd()}…`;
  let cut = '';
  for (const { segment } of new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(head)) {
    if (cut.length + segment.length > length) break;
    cut += segment;
  }
  return `${cut}…`;
}
