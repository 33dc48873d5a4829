import { describe, expect, it } from "vitest";
import { absoluteUrl, paths, relativeHref } from "./urls.ts";

/** Resolves a relative link the way a browser does, under both serving prefixes. */
const resolve = (pageUrl: string, href: string) => new URL(href, `http://h${pageUrl}`).pathname;

describe("relative links", () => {
  const pages = ["/", "/page/2", "/post/a-post", "/category/tomatoes", "/category/tomatoes/page/3"];
  const targets = [
    "/",
    paths.post("other"),
    paths.category("veg"),
    paths.page(2),
    paths.categoryFeed("veg"),
  ];

  it.each(pages)(
    "from %s reach the same page on the blog's host and under /blog/{slug}",
    (from) => {
      for (const to of targets) {
        const href = relativeHref(from, to);
        expect(resolve(from, href)).toBe(to);
        const prefixed = from === "/" ? "/blog/garden/" : `/blog/garden${from}`;
        expect(resolve(prefixed, href)).toBe(to === "/" ? "/blog/garden/" : `/blog/garden${to}`);
      }
    },
  );
});

describe("absoluteUrl", () => {
  it("percent-encodes slugs in other scripts, and leaves ASCII paths alone", () => {
    expect(absoluteUrl("https://b.example", paths.post("京都-散歩"))).toBe(
      "https://b.example/post/%E4%BA%AC%E9%83%BD-%E6%95%A3%E6%AD%A9",
    );
    expect(absoluteUrl("https://b.example", paths.category("прогулки"))).toBe(
      "https://b.example/category/%D0%BF%D1%80%D0%BE%D0%B3%D1%83%D0%BB%D0%BA%D0%B8",
    );
    expect(absoluteUrl("https://b.example", paths.post("kyoto-walks"))).toBe(
      "https://b.example/post/kyoto-walks",
    );
    expect(absoluteUrl("https://b.example", "/")).toBe("https://b.example/");
  });
});
