import { describe, expect, it } from 'vitest';
import { excerptOf, LINK_REL, richTextToPlainText, safeLinkHref, sanitizeRichText } from './richText.ts';

describe('sanitizeRichText', () => {
  it('keeps the editor’s output as it is', () => {
    const editor =
      '<h2>Title</h2><p>Some <strong>bold</strong>, <em>italic</em>, <u>underlined</u>, <s>struck</s> and <code>code</code>.</p>' +
      '<ul><li><p>one</p></li><li><p>two</p></li></ul><ol start="4"><li><p>four</p></li></ol><blockquote><p>quoted</p></blockquote>' +
      '<pre><code>a &lt; b &amp;&amp; c</code></pre><hr /><p>line<br />next</p>' +
      `<p><a href="https://example.com/" rel="${LINK_REL}" target="_blank">a link</a></p><p>தமிழ் உரை</p>`;
    expect(sanitizeRichText(editor)).toBe(editor);
  });

  it('closes each link with its own tag after a link that lost its address (sanitize-html renames would close it as the dropped tag)', () => {
    const html =
      '<p><a href="javascript:alert(1)">bad</a> <a href="https://good.example">good</a> <a href="ftp://x">ftp</a> <a href="https://b.example">b</a></p>';
    expect(sanitizeRichText(html)).toBe(
      `<p>bad <a href="https://good.example/" rel="${LINK_REL}">good</a> ftp <a href="https://b.example/" rel="${LINK_REL}">b</a></p>`,
    );
  });

  it('drops empty paragraphs at the end (the editor leaves one to type into), and keeps those between blocks', () => {
    expect(sanitizeRichText('<p>a</p><p></p><p>b</p><p></p><p><br></p> ')).toBe('<p>a</p><p></p><p>b</p>');
  });

  it('is idempotent: what it stored, it stores again unchanged', () => {
    for (const html of [
      '<p>a<script>x</script>b</p><a href=" https://x.example ">x</a>',
      '<h1>t</h1><b>b</b><table><tr><td>c</td></tr></table>',
    ]) {
      const once = sanitizeRichText(html);
      expect(sanitizeRichText(once)).toBe(once);
    }
  });
});

describe('safeLinkHref', () => {
  it('keeps absolute http, https and mailto addresses, and makes a bare domain https', () => {
    expect(safeLinkHref('https://example.com/a?b=c#d')).toBe('https://example.com/a?b=c#d');
    expect(safeLinkHref('HTTP://Example.com')).toBe('http://example.com/');
    expect(safeLinkHref('mailto:desk@example.com')).toBe('mailto:desk@example.com');
    expect(safeLinkHref('www.example.com/page')).toBe('https://www.example.com/page');
    expect(safeLinkHref('  https://example.com  ')).toBe('https://example.com/');
  });

  it('refuses every other scheme however it is spelled, relative addresses and nothing', () => {
    for (const href of [
      'javascript:alert(1)',
      ' JAVASCRIPT:alert(1)',
      'java\tscript:alert(1)',
      'java\nscript:alert(1)',
      '\u0001javascript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:msgbox(1)',
      'file:///etc/passwd',
      'ftp://example.com',
      '/relative/path',
      '//evil.example/x',
      '#anchor',
      '',
    ]) {
      expect(safeLinkHref(href), JSON.stringify(href)).toBeNull();
    }
  });
});

describe('richTextToPlainText and excerptOf', () => {
  it('reads the text, blocks apart, entities as the characters they are', () => {
    expect(richTextToPlainText('<h2>Head</h2><p>a &amp; b &lt;c&gt;</p><ul><li><p>x</p></li><li><p>y</p></li></ul><p>l1<br />l2</p>')).toBe(
      'Head a & b <c> x y l1 l2',
    );
    expect(richTextToPlainText('<p> </p><hr />')).toBe('');
  });

  it('cuts after a whole word, or at a whole letter, with an ellipsis', () => {
    expect(excerptOf('short text')).toBe('short text');
    expect(excerptOf(`${'word '.repeat(60)}`.trim(), 22)).toBe('word word word word…');
    // A Tamil letter with its vowel sign (தி, மி) is never split.
    const tamil = 'தமிழ்'.repeat(10);
    const cut = excerptOf(tamil, 7);
    expect(cut.endsWith('…')).toBe(true);
    expect(tamil.startsWith(cut.slice(0, -1))).toBe(true);
    expect(cut.slice(0, -1)).toBe('தமிழ்த');
  });
});
