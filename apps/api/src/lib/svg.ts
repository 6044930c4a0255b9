import sanitizeHtml from 'sanitize-html';

/**
 * An uploaded SVG (a company logo) cut down to drawing only, by an allowlist: shapes, text, groups,
 * gradients and their presentation attributes. Everything else goes, whatever it is called: scripts,
 * event handlers (`on*`), links and references (`href`, `xlink:href`, `use`, `image`, `foreignObject`),
 * `style` (CSS can fetch), animation (it can set an attribute to a script URL), entities and doctypes.
 * Parsed as XML, so names such as `viewBox` and `linearGradient` keep their case.
 */
const elements = [
  'svg',
  'g',
  'defs',
  'title',
  'desc',
  'path',
  'rect',
  'circle',
  'ellipse',
  'line',
  'polyline',
  'polygon',
  'text',
  'tspan',
  'linearGradient',
  'radialGradient',
  'stop',
  'clipPath',
  'mask',
];

const geometry = ['x', 'y', 'x1', 'y1', 'x2', 'y2', 'cx', 'cy', 'r', 'rx', 'ry', 'width', 'height', 'd', 'points', 'dx', 'dy'];
const paint = [
  'id',
  'fill',
  'fill-opacity',
  'fill-rule',
  'stroke',
  'stroke-width',
  'stroke-opacity',
  'stroke-linecap',
  'stroke-linejoin',
  'stroke-dasharray',
  'stroke-miterlimit',
  'opacity',
  'transform',
  'clip-path',
  'clip-rule',
  'mask',
  'font-family',
  'font-size',
  'font-weight',
  'font-style',
  'text-anchor',
  'dominant-baseline',
  'letter-spacing',
];

const attributes: Record<string, string[]> = {
  svg: ['xmlns', 'viewBox', 'width', 'height', 'preserveAspectRatio', 'version', ...paint],
  linearGradient: ['id', 'x1', 'y1', 'x2', 'y2', 'gradientUnits', 'gradientTransform', 'spreadMethod'],
  radialGradient: ['id', 'cx', 'cy', 'r', 'fx', 'fy', 'gradientUnits', 'gradientTransform', 'spreadMethod'],
  stop: ['offset', 'stop-color', 'stop-opacity'],
  clipPath: ['id', 'clipPathUnits'],
  mask: ['id', 'x', 'y', 'width', 'height', 'maskUnits'],
};
for (const element of elements) attributes[element] ??= [...geometry, ...paint];

/** A paint or reference value may point inside the file (`url(#id)`) only: never at another file or a URL. */
const outsideReference = /url\(\s*['"]?\s*(?!#)/i;

/** Only these hold text that is drawn or read out; text anywhere else (a dropped script's, say) is dropped. */
const textElements = new Set(['text', 'tspan', 'title', 'desc']);

/** The XML prolog, doctype (with any internal entity definitions) and comments: nothing of them is kept. */
const prolog = /<\?[\s\S]*?\?>|<!DOCTYPE(?:[^[>]|\[[\s\S]*?\])*>|<!--[\s\S]*?-->/gi;

export function sanitizeSvg(source: string): string {
  return sanitizeHtml(source.replace(prolog, ''), {
    allowedTags: elements,
    allowedAttributes: attributes,
    allowedSchemes: [],
    allowProtocolRelative: false,
    disallowedTagsMode: 'discard',
    // Text inside a dropped element (a script's code) is dropped with it.
    nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'foreignObject', 'iframe', 'object', 'embed'],
    parser: { xmlMode: true, decodeEntities: true },
    textFilter: (text, tagName) => (textElements.has(tagName) ? text : ''),
    transformTags: {
      '*': (tagName, attribs) => ({
        tagName,
        attribs: Object.fromEntries(Object.entries(attribs).filter(([, value]) => !outsideReference.test(value))),
      }),
    },
  }).trim();
}

/** Whether sanitising left a drawing at all: an `<svg>` root element with a shape or text in it. */
export function isSvgDocument(sanitized: string): boolean {
  return /^<svg[\s>]/.test(sanitized) && /<(path|rect|circle|ellipse|line|polyline|polygon|text)[\s>]/.test(sanitized);
}
