/**
 * Known cross-site scripting payloads for the blog's body (issue 9, section 4), shared by the API test (each is
 * stored inert: apps/api/src/modules/blog/blog.xss.test.ts) and the browser test (each stored post's preview runs
 * nothing in Chromium under the app's CSP: apps/web/e2e/blog-xss.spec.ts). Test data only: nothing in the apps
 * imports it.
 *
 * Each payload tries to run `window.__xss = <n>` (its own number) or `alert(<n>)`, so the browser test can tell
 * which one got through. Variants cover the usual filter evasions: case, entities (decimal, hex, without
 * semicolons), whitespace and control characters inside the scheme, broken and nested tags, attributes without
 * quotes, foreign content (SVG, MathML) and parser differentials (noscript, style, template).
 */
export interface XssPayload {
  name: string;
  html: string;
}

export const xssPayloads: readonly XssPayload[] = [
  { name: 'script tag', html: '<script>window.__xss=1</script>' },
  { name: 'script tag, mixed case with attributes', html: '<ScRiPt type="text/javascript">window.__xss=2</sCrIpT>' },
  { name: 'script split around a stripped tag', html: '<scr<script>ipt>window.__xss=3</scr</script>ipt>' },
  { name: 'img onerror', html: '<img src=x onerror="window.__xss=4">' },
  { name: 'img onerror without quotes, slash separator', html: '<img/src=x/onerror=window.__xss=5>' },
  { name: 'onerror on an allowed tag', html: '<p onclick="window.__xss=6" onmouseover="window.__xss=6">hover me</p>' },
  { name: 'javascript: link', html: '<a href="javascript:window.__xss=7">click 7</a>' },
  { name: 'javascript: link, mixed case and leading space', html: '<a href=" JaVaScRiPt:window.__xss=8">click 8</a>' },
  { name: 'javascript: link with a tab entity in the scheme', html: '<a href="jav&#x09;ascript:window.__xss=9">click 9</a>' },
  { name: 'javascript: link with a newline in the scheme', html: '<a href="java\nscript:window.__xss=10">click 10</a>' },
  {
    name: 'javascript: link fully entity-encoded (decimal, no semicolons)',
    html: '<a href="&#106&#97&#118&#97&#115&#99&#114&#105&#112&#116&#58window.__xss=11">click 11</a>',
  },
  {
    name: 'javascript: link fully entity-encoded (hex)',
    html: '<a href="&#x6A;&#x61;&#x76;&#x61;&#x73;&#x63;&#x72;&#x69;&#x70;&#x74;&#x3A;window.__xss=12">click 12</a>',
  },
  { name: 'javascript: link with a named entity colon', html: '<a href="javascript&colon;window.__xss=13">click 13</a>' },
  { name: 'vbscript: link', html: '<a href="vbscript:msgbox(14)">click 14</a>' },
  {
    name: 'data: URL link with an HTML page',
    html: '<a href="data:text/html;base64,PHNjcmlwdD53aW5kb3cub3BlbmVyLl9feHNzPTE1PC9zY3JpcHQ+">click 15</a>',
  },
  { name: 'svg with a script', html: '<svg><script>window.__xss=16</script></svg>' },
  { name: 'svg onload', html: '<svg onload="window.__xss=17"></svg>' },
  {
    name: 'svg animate setting a javascript: href',
    html: '<svg><a><animate attributeName="href" values="javascript:window.__xss=18"/><text x="20" y="20">click 18</text></a></svg>',
  },
  { name: 'iframe srcdoc', html: '<iframe srcdoc="<script>parent.__xss=19</script>"></iframe>' },
  { name: 'iframe with a javascript: src', html: '<iframe src="javascript:parent.__xss=20"></iframe>' },
  {
    name: 'math with an href (MathML link)',
    html: '<math><mi xlink:href="javascript:window.__xss=21" href="javascript:window.__xss=21">click 21</mi></math>',
  },
  {
    name: 'mutation XSS: math, mtext, table, mglyph, style',
    html: '<math><mtext><table><mglyph><style><img src=x onerror="window.__xss=22"></style></mglyph></table></mtext></math>',
  },
  {
    name: 'mutation XSS: noscript with a closing tag in an attribute',
    html: '<noscript><p title="</noscript><img src=x onerror=window.__xss=23>"></p></noscript>',
  },
  { name: 'mutation XSS: svg, style, img', html: '<svg></p><style><a id="</style><img src=1 onerror=window.__xss=24>">' },
  { name: 'template holding a script', html: '<template><script>window.__xss=25</script></template><p>after template</p>' },
  {
    name: 'style with an expression and a javascript: url',
    html: '<p style="width:expression(window.__xss=26);background:url(javascript:window.__xss=26)">styled</p>',
  },
  {
    name: 'style element importing a javascript: url',
    html: "<style>@import 'javascript:window.__xss=27'; p{background:url(javascript:window.__xss=27)}</style>",
  },
  {
    name: 'form with a javascript: action',
    html: '<form action="javascript:window.__xss=28"><button type="submit">send 28</button></form>',
  },
  { name: 'button formaction', html: '<button formaction="javascript:window.__xss=29">send 29</button>' },
  { name: 'input autofocus onfocus', html: '<input autofocus onfocus="window.__xss=30">' },
  { name: 'details ontoggle', html: '<details open ontoggle="window.__xss=31"><summary>open 31</summary></details>' },
  { name: 'object with a data: document', html: '<object data="data:text/html,<script>parent.__xss=32</script>"></object>' },
  { name: 'embed with a javascript: src', html: '<embed src="javascript:window.__xss=33">' },
  { name: 'meta refresh to a javascript: url', html: '<meta http-equiv="refresh" content="0;url=javascript:window.__xss=34">' },
  { name: 'base href hijacking relative links', html: '<base href="javascript:window.__xss=35//"><a href="/relative">relative 35</a>' },
  { name: 'body onload', html: '<body onload="window.__xss=36">' },
  { name: 'video source onerror', html: '<video><source onerror="window.__xss=37"></video>' },
  { name: 'marquee onstart', html: '<marquee onstart="window.__xss=38">moving</marquee>' },
  { name: 'custom element with an event handler', html: '<x-card onclick="window.__xss=39" tabindex="0">custom 39</x-card>' },
  {
    name: 'link with an event handler next to a good href',
    html: '<a href="https://example.com/" onclick="window.__xss=40" onfocus="window.__xss=40">good link 40</a>',
  },
  { name: 'unclosed img in an attribute-less quote', html: '<img """><script>window.__xss=41</script>">' },
  { name: 'comment hiding a script', html: '<!--<script>--><script>window.__xss=42</script><!--</script>-->' },
  { name: 'CDATA in HTML', html: '<![CDATA[<script>window.__xss=43</script>]]>' },
  { name: 'link rel import', html: '<link rel="import" href="data:text/html,<script>window.__xss=44</script>">' },
  { name: 'srcset with a javascript: url', html: '<img srcset="javascript:window.__xss=45 1x" src="x">' },
  { name: 'textarea breaking out', html: '<textarea></textarea><img src=x onerror=window.__xss=46>' },
  { name: 'xmp raw text', html: '<xmp><img src=x onerror=window.__xss=47></xmp>' },
  { name: 'alert call in a handler', html: '<img src=x onerror=alert(48)>' },
];

/** A post body around a payload: text before and after, so the body is never empty once the payload is gone. */
export const bodyWithPayload = (payload: XssPayload, index: number) =>
  `<p>Payload ${index + 1}: before</p>${payload.html}<p>Payload ${index + 1}: after</p>`;
