// @vitest-environment happy-dom

import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { sanitizePostHtml } from "../../../../../api/content/sanitize.ts";
import { cleanHtml, cleanPastedHtml } from "./clean-html.ts";
import { corpus } from "./fixtures/corpus.ts";

/** Elements and attributes as a browser parses them, for comparing two serializers' output. */
function shape(html: string): string {
  // Parsed as a browser parses a page (tables get their implied <tbody>).
  const body = new DOMParser().parseFromString(html, "text/html").body;
  const walk = (node: Node): string => {
    if (node.nodeType === 3) return JSON.stringify(node.textContent);
    const element = node as Element;
    const attributes = Array.from(element.attributes ?? [])
      .map((a) => `${a.name}=${JSON.stringify(a.value)}`)
      .sort()
      .join(" ");
    const children = Array.from(node.childNodes).map(walk).join("");
    return element.localName ? `<${element.localName} ${attributes}>${children}</>` : children;
  };
  return walk(body);
}

const hostile = [
  '<p onclick="x()">Hi <img src="javascript:alert(1)" onerror="x()"> <img src="data:image/png;base64,AA" alt="d"></p>',
  '<a href=" javascript:alert(1)">a</a><a href="//evil.example/">b</a><a href="mailto:me@example.com">c</a>',
  '<a href="https://x.test/" target="_blank">new tab</a><a href="https://x.test/" target="_self">self</a>',
  "<style>p{}</style><script>alert(1)</script><noscript>n</noscript><svg><text>s</text></svg><p>after</p>",
  '<div class="x"><aside>not a block</aside><aside data-block="pros-cons">wrong tag</aside></div>',
  '<aside data-block="product-box" data-rating="9"><p data-part="evil">x</p></aside>',
  '<a href="https://shop.example/" data-affiliate-link="bad id!">x</a><a href="https://shop.example/" data-affiliate-link="lnk_1">y</a>',
  "<!-- a comment --><p>text<!-- inside --></p><template><p>hidden</p></template>",
  '<table><caption>c</caption><tr><th scope="col" style="color:red">h</th><td colspan="2" onclick="x">d</td></tr></table>',
];

describe("the editor's cleaner and the server's sanitizer apply the same allowlist", () => {
  for (const [name, html] of [
    ...Object.entries(corpus),
    ...hostile.map((h, i) => [`hostile ${i}`, h]),
  ]) {
    it(name as string, () => {
      expect(shape(cleanHtml(html as string))).toBe(shape(sanitizePostHtml(html as string)));
    });
  }

  it("marks affiliate block links as sponsored and unwraps block tags without a valid block", () => {
    const out = cleanHtml(hostile[6] as string);
    expect(out).toBe(
      '<a href="https://shop.example/">x</a><a href="https://shop.example/" data-affiliate-link="lnk_1" rel="sponsored noopener">y</a>',
    );
    expect(cleanHtml(hostile[4] as string)).toBe("not a blockwrong tag");
    expect(cleanHtml(hostile[5] as string)).toBe(
      '<aside data-block="product-box"><p>x</p></aside>',
    );
  });
});

describe("cleanPastedHtml", () => {
  const googleDocs = readFileSync(
    path.join(import.meta.dirname, "../../../../../tests/e2e/fixtures/google-docs-paste.html"),
    "utf8",
  );

  it("turns a Google Docs clipboard into plain semantic HTML", () => {
    const out = cleanPastedHtml(googleDocs);
    // The `<b style="font-weight:normal" id="docs-internal-guid-…">` wrapper is not bold.
    expect(
      out.startsWith("<h2>Choosing a Compost Bin</h2><p>A good bin is <strong>sturdy</strong>"),
    ).toBe(true);
    expect(out).toContain("<em>easy to turn</em>");
    expect(out).toContain('<a href="https://example.com/compost-guide"><u>full guide</u></a>');
    expect(out).toContain(
      "<ul><li><p>Greens: peelings</p></li><li><p>Browns: dry leaves</p></li></ul>",
    );
    expect(out).not.toMatch(/style=|<span|<b[ >]|docs-internal|<script|<meta|Apple-interchange/);
  });

  it("turns Word's styled spans into elements and drops its conditional comments", () => {
    const word = [
      "<html xmlns:o='urn:schemas-microsoft-com:office:office'><body>",
      "<!--[if gte mso 9]><xml><o:OfficeDocumentSettings></o:OfficeDocumentSettings></xml><![endif]-->",
      '<p class=MsoNormal><span style="font-weight:bold">Bold</span> <span style="font-style:italic;text-decoration:underline">both</span>',
      ' H<span style="vertical-align:sub">2</span>O <span style="text-decoration:line-through">old</span><o:p></o:p></p>',
      "</body></html>",
    ].join("");
    expect(cleanPastedHtml(word)).toBe(
      "<p><strong>Bold</strong> <em><u>both</u></em> H<sub>2</sub>O <s>old</s></p>",
    );
  });

  it("keeps ProseMirror's slice marker on a copy from the editor itself, and only there", () => {
    expect(cleanPastedHtml('<ul data-pm-slice="3 3 []" style="x"><li><p>item</p></li></ul>')).toBe(
      '<ul data-pm-slice="3 3 []"><li><p>item</p></li></ul>',
    );
    expect(cleanPastedHtml('<p data-pm-slice="&lt;script&gt;">x</p>')).toBe("<p>x</p>");
    expect(cleanHtml('<ul data-pm-slice="3 3 []"><li>item</li></ul>')).toBe(
      "<ul><li>item</li></ul>",
    );
  });

  it("keeps a web page's semantic markup and drops the rest", () => {
    const web =
      '<article><h1 class="title">Page</h1><nav><a href="/home">Home</a></nav><p>Text with <b>b</b> and <font color="red">font</font>.</p><form><input value="x"></form><iframe src="https://x"></iframe></article>';
    expect(cleanPastedHtml(web)).toBe(
      '<h1>Page</h1><a href="/home">Home</a><p>Text with <b>b</b> and font.</p>',
    );
  });
});
