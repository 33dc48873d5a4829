import { Window } from "happy-dom";
import { afterAll, describe, expect, it } from "vitest";
import { sanitizePostHtml } from "./sanitize.ts";

const window = new Window({
  settings: {
    disableJavaScriptEvaluation: true,
    disableJavaScriptFileLoading: true,
    disableCSSFileLoading: true,
    disableIframePageLoading: true,
  },
});
afterAll(() => window.happyDOM.close());

const allowed = new Set(
  [
    ...["h1", "h2", "h3", "h4", "h5", "h6", "p", "br", "hr", "blockquote", "ul", "ol", "li"],
    ...["a", "img", "figure", "figcaption", "code", "pre", "table", "thead", "tbody", "tfoot"],
    ...["tr", "th", "td", "caption", "em", "strong", "b", "i", "u", "s", "sub", "sup", "mark"],
  ].map((t) => t.toUpperCase()),
);

/** What a browser-like parser builds from the sanitizer's output, element by element. */
function parse(html: string) {
  const doc = new window.DOMParser().parseFromString(
    `<!doctype html><html><body>${html}</body></html>`,
    "text/html",
  );
  return [...doc.body.querySelectorAll("*")].map((el) => ({
    tag: el.tagName,
    attributes: [...el.attributes].map((a) => ({ name: a.name, value: a.value ?? "" })),
  }));
}

/** A URL as a browser resolves its scheme: control characters and whitespace are ignored. */
const schemeOf = (url: string) =>
  url
    // biome-ignore lint/suspicious/noControlCharactersInRegex: browsers strip these from URLs
    .replace(/[\u0000-\u0020]/g, "")
    .toLowerCase()
    .match(/^([a-z][a-z0-9+.-]*):/)?.[1];

/** Everything a safe output must satisfy, checked on the parsed tree and on the text. */
function expectSafe(input: string): string {
  const output = sanitizePostHtml(input);
  for (const element of parse(output)) {
    expect(allowed.has(element.tag), `<${element.tag}> in ${output}`).toBe(true);
    for (const { name, value } of element.attributes) {
      expect(name, `${name} in ${output}`).not.toMatch(/^on/i);
      expect(["style", "class", "id", "srcset", "formaction"]).not.toContain(name);
      if (["href", "src"].includes(name)) {
        expect([undefined, "http", "https", "mailto"]).toContain(schemeOf(value));
      }
    }
  }
  expect(output).not.toMatch(/<\s*script/i);
  expect(output).not.toMatch(/javascript\s*:/i);
  // Outside attribute values (sanitize-html always double-quotes them and escapes quotes inside).
  expect(output.replace(/"[^"]*"/g, '""')).not.toMatch(/\son\w+\s*=/i);
  // Stable under a second pass: nothing in the output re-parses into something new (mXSS).
  expect(sanitizePostHtml(output)).toBe(output);
  return output;
}

describe("sanitizePostHtml", () => {
  it("keeps the allowed markup exactly as written", () => {
    const article = [
      "<h1>Title</h1><h2>Part</h2><h3>a</h3><h4>b</h4><h5>c</h5><h6>d</h6>",
      "<p>Text with <strong>strong</strong>, <em>em</em>, <b>b</b>, <i>i</i>, <u>u</u>, <s>s</s>,",
      " H<sub>2</sub>O, x<sup>2</sup> and <mark>marked</mark> &amp; escaped &lt;tags&gt;.</p>",
      '<p><a href="https://example.com/a?b=1&amp;c=2" title="Example" rel="nofollow">link</a>',
      ' <a href="/relative/path">relative</a> <a href="#section">anchor</a>',
      ' <a href="mailto:me@example.com">mail</a><br />line two</p><hr />',
      '<ul><li>one</li><li>two<ol start="3"><li>nested</li></ol></li></ul>',
      "<blockquote><p>Quoted</p></blockquote>",
      "<pre><code>const x = 1 &lt; 2;\n  return x;</code></pre><p>Inline <code>code</code></p>",
      '<figure><img src="https://example.com/a.png" alt="A picture" title="T" width="640" height="480" />',
      "<figcaption>Caption</figcaption></figure>",
      '<img src="/images/local.png" alt="" />',
      "<table><thead><tr><th>H</th></tr></thead><tbody><tr>",
      '<td colspan="2" rowspan="3">cell</td></tr></tbody><tfoot><tr><td>f</td></tr></tfoot></table>',
    ].join("");
    expect(sanitizePostHtml(article)).toBe(article);
    expectSafe(article);
  });

  it("drops script and style elements with their content", () => {
    expect(expectSafe("<p>a</p><script>alert(1)</script><p>b</p>")).toBe("<p>a</p><p>b</p>");
    expect(expectSafe("<SCRIPT SRC=//evil.example/x.js></SCRIPT>ok")).toBe("ok");
    expect(expectSafe("<style>body{display:none}</style>ok")).toBe("ok");
    expect(expectSafe('<script type="module">import "x"</script>')).toBe("");
  });

  it("drops every event handler attribute", () => {
    expect(expectSafe('<img src="https://x.test/a.png" onerror="alert(1)" />')).toBe(
      '<img src="https://x.test/a.png" />',
    );
    expect(expectSafe('<p onclick="alert(1)" ONMOUSEOVER=alert(2)>hi</p>')).toBe("<p>hi</p>");
    expect(expectSafe('<a href="/x" onfocus=alert(1) autofocus>x</a>')).toBe('<a href="/x">x</a>');
    expectSafe("<img src=x onerror=alert(1)//>");
    expectSafe('<p/onclick="alert(1)">x</p>');
  });

  it("refuses javascript:, data: and vbscript: URLs in every spelling", () => {
    const hostile = [
      "javascript:alert(1)",
      "JaVaScRiPt:alert(1)",
      "java\tscript:alert(1)",
      "java&#09;script:alert(1)",
      "java\nscript:alert(1)",
      " \u0001javascript:alert(1)",
      "&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)",
      "&#x6A;avascript&#x3A;alert(1)",
      "javascript&colon;alert(1)",
      "vbscript:msgbox(1)",
      "data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==",
    ];
    for (const url of hostile) {
      expect(expectSafe(`<a href="${url}">x</a>`), url).toBe("<a>x</a>");
      expect(expectSafe(`<img src="${url}" alt="a" />`), url).toBe("");
    }
    expect(expectSafe('<img src="data:image/png;base64,iVBORw0KGgo=" />')).toBe("");
  });

  it("drops SVG and MathML entirely, with their handlers and scripts", () => {
    expect(expectSafe("<svg onload=alert(1)><circle r=1 /></svg>after")).toBe("after");
    expect(expectSafe('<svg><a xlink:href="javascript:alert(1)"><text>x</text></a></svg>')).toBe(
      "",
    );
    expect(expectSafe("<svg><script>alert(1)</script></svg>")).toBe("");
    expect(
      expectSafe(
        '<math><maction actiontype="statusline" href="javascript:alert(1)">x</maction></math>',
      ),
    ).toBe("");
  });

  it("defuses mutation XSS payloads", () => {
    const payloads = [
      '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
      "<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>",
      "<svg><style><img src=x onerror=alert(1)></style></svg>",
      '<math><mtext><h1><a><h6></a></h6><mglyph><svg><mtext><style><a title="</style><img src onerror=alert(1)>"></style></h1>',
      "<form><math><mtext></form><form><mglyph><style></math><img src onerror=alert(1)>",
      '<svg></p><style><a id="</style><img src=1 onerror=alert(1)>">',
      '<svg><p><style><a title="</style><img src onerror=alert(1)>">',
      "<math><style><img src onerror=alert(1)></style></math>",
      '<xmp><p title="</xmp><img src=x onerror=alert(1)>"></xmp>',
      '<textarea><p title="</textarea><img src=x onerror=alert(1)>">',
      '<title><p title="</title><img src=x onerror=alert(1)>">',
      '<iframe><p title="</iframe><img src=x onerror=alert(1)>"></iframe>',
      '<noembed><p title="</noembed><img src=x onerror=alert(1)>"></noembed>',
      "<template><img src=x onerror=alert(1)></template>",
      "<!--<img src=x onerror=alert(1)>-->",
      "<!-- --!><img src=x onerror=alert(1)> -->",
      '<p title="&lt;/p&gt;&lt;img src=x onerror=alert(1)&gt;">x</p>',
      '<a href="https://x.test/" title="&quot;&gt;&lt;img src=x onerror=alert(1)&gt;">x</a>',
    ];
    for (const payload of payloads) {
      // No handler survives anywhere but inside an escaped, quoted attribute value.
      const output = expectSafe(payload).replace(/"[^"]*"/g, '""');
      expect(output, payload).not.toMatch(/onerror/i);
    }
    // An attribute that looks like markup stays one (escaped) attribute value.
    expect(
      sanitizePostHtml('<a href="https://x.test/" title="&quot;&gt;&lt;img src=x&gt;">x</a>'),
    ).toBe('<a href="https://x.test/" title="&quot;&gt;&lt;img src=x&gt;">x</a>');
  });

  it("removes frames, forms, objects and embeds", () => {
    for (const html of [
      '<iframe src="https://evil.example"></iframe>',
      '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
      '<object data="https://evil.example/x.swf"></object>',
      '<embed src="https://evil.example/x.swf">',
      '<form action="https://evil.example"><input name="q"><button formaction="javascript:alert(1)">go</button></form>',
      "<select><option>a</option></select><textarea>t</textarea>",
      '<base href="https://evil.example/"><link rel="stylesheet" href="https://evil.example/x.css">',
      '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
    ]) {
      const output = expectSafe(html);
      expect(output, html).not.toMatch(
        /<(iframe|object|embed|form|input|button|select|textarea|base|link|meta)/i,
      );
    }
  });

  it("drops class, style and id attributes but keeps the element", () => {
    expect(expectSafe('<p class="lead" style="color:red" id="top" data-x="1">Hello</p>')).toBe(
      "<p>Hello</p>",
    );
  });

  it("keeps an image figure's width (wide or full) and drops any other value", () => {
    const wide =
      '<figure data-width="wide"><img src="https://x.test/a.png" alt="A" /><figcaption>C</figcaption></figure>';
    expect(expectSafe(wide)).toBe(wide);
    expect(
      expectSafe('<figure data-width="full"><img src="https://x.test/a.png" alt="A" /></figure>'),
    ).toBe('<figure data-width="full"><img src="https://x.test/a.png" alt="A" /></figure>');
    expect(
      expectSafe(
        '<figure data-width="100vw" style="width:100vw"><img src="https://x.test/a.png" alt="A" /></figure>',
      ),
    ).toBe('<figure><img src="https://x.test/a.png" alt="A" /></figure>');
    expect(expectSafe('<p data-width="wide">x</p>')).toBe("<p>x</p>");
  });

  it("keeps rel as written and guards links that open a new tab", () => {
    expect(expectSafe('<a href="https://x.test/" rel="sponsored">x</a>')).toBe(
      '<a href="https://x.test/" rel="sponsored">x</a>',
    );
    expect(expectSafe('<a href="https://x.test/" target="_blank">x</a>')).toBe(
      '<a href="https://x.test/" target="_blank" rel="noopener noreferrer">x</a>',
    );
    expect(expectSafe('<a href="https://x.test/" target="someframe">x</a>')).toBe(
      '<a href="https://x.test/">x</a>',
    );
  });

  it("keeps only http(s) and relative image sources", () => {
    expect(expectSafe('<img src="//cdn.example/a.png" alt="a" />')).not.toContain("<img");
    expect(expectSafe('<img src="ftp://example.com/a.png" />')).toBe("");
    expect(expectSafe('<img src="http://example.com/a.png" />')).toBe(
      '<img src="http://example.com/a.png" />',
    );
  });
});
