import { describe, expect, it } from "vitest";
import { routeAffiliateButtons } from "./block-links.ts";

const hrefFor = (id: string) => `../go/${id}?p=post1`;
const box =
  '<aside data-block="product-box"><p data-part="name">Bin &amp; lid</p><p data-part="button"><a href="https://shop.example/a?x=1&amp;y=2" data-affiliate-link="abc" rel="sponsored noopener">Buy</a></p></aside>';

describe("routeAffiliateButtons", () => {
  it("sends a button of one of the blog's links through /go/{id}", () => {
    expect(routeAffiliateButtons(box, new Set(["abc"]), hrefFor)).toBe(
      '<aside data-block="product-box"><p data-part="name">Bin &amp; lid</p><p data-part="button"><a href="../go/abc?p=post1" data-affiliate-link="abc" rel="sponsored noopener">Buy</a></p></aside>',
    );
  });

  it("keeps the stored address for an id the blog does not have, and leaves other links alone", () => {
    const html = `${box}<p><a href="https://other.example/">other</a></p>`;
    expect(routeAffiliateButtons(html, new Set(["zzz"]), hrefFor)).toBe(html);
    expect(routeAffiliateButtons(html, new Set(), hrefFor)).toBe(html);
    expect(routeAffiliateButtons(html, new Set(["abc"]), hrefFor)).toContain(
      '<a href="https://other.example/">other</a>',
    );
  });
});
