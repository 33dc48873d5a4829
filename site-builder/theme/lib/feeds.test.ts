import { Parser } from "htmlparser2";
import { describe, expect, it } from "vitest";
import { feedDescription } from "./feeds.ts";

/** What a feed reader does: decode the XML text, then render it as HTML; collect the tags. */
function renderedTags(xmlText: string): { text: string; tags: string[] } {
  let decoded = "";
  const xml = new Parser(
    { ontext: (t) => (decoded += t) },
    { xmlMode: true, decodeEntities: true },
  );
  xml.write(`<description>${xmlText}</description>`);
  xml.end();
  const tags: string[] = [];
  let text = "";
  const html = new Parser(
    { onopentag: (name) => tags.push(name), ontext: (t) => (text += t) },
    { decodeEntities: true },
  );
  html.write(decoded);
  html.end();
  return { text, tags };
}

describe("feed descriptions", () => {
  it("reach a feed reader as the text the owner wrote, never as markup", () => {
    for (const excerpt of [
      "<script>alert(1)</script>",
      '<img src=x onerror="alert(1)">',
      "&lt;script&gt;alert(1)&lt;/script&gt;",
      "Fish & chips <3",
    ]) {
      const { text, tags } = renderedTags(feedDescription(excerpt));
      expect(tags).toEqual([]);
      expect(text).toBe(excerpt);
    }
  });

  it("drops control characters XML cannot carry", () => {
    expect(renderedTags(feedDescription("a\u0001b\u0008c")).text).toBe("abc");
  });
});
