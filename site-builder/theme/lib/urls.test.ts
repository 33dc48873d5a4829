import { describe, expect, it } from "vitest";
import { paths, relativeHref } from "./urls.ts";

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
