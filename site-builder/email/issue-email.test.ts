import { describe, expect, it } from "vitest";
import type { ThemeImage } from "../theme/lib/images.ts";
import { buildSite } from "../theme/lib/site.ts";
import { testBlog, testPost } from "../theme/lib/test-blog.ts";
import {
  digestEmail,
  emailVariant,
  forRecipient,
  postEmail,
  unsubscribePlaceholder,
} from "./issue-email.ts";

const hash = "0123456789abcdef0123456789abcdef";
const photo: ThemeImage = {
  hash,
  alt: "A tomato plant",
  width: 2000,
  height: 1000,
  variants: [
    { format: "avif", width: 800, height: 400, file: `${hash}-800.avif`, bytes: 1 },
    { format: "jpeg", width: 800, height: 400, file: `${hash}-800.jpg`, bytes: 1 },
    { format: "jpeg", width: 1600, height: 800, file: `${hash}-1600.jpg`, bytes: 1 },
  ],
};
const post = testPost({
  id: "p1",
  slug: "tomatoes",
  title: "Growing tomatoes",
  excerpt: "Sun, water & patience",
  publishedAt: new Date("2026-11-01T00:00:00Z"),
  html: `<p>Read <a href="../post/peppers">peppers</a> and buy <a href="../go/l1?p=p1">seeds</a>.</p><p><img src="/media/${hash}-800.jpg" alt=""></p><p><img src="https://cdn.example.org/x.png" alt="Chart"></p>`,
});
const site = buildSite({
  blog: testBlog({ name: "Garden <Notes>", primaryColor: "#225588", fontFamily: "Inter" }),
  canonicalBase: "https://garden.example.com",
  posts: [post],
  categories: [],
  media: new Map([[hash, photo]]),
});

describe("the e-mail of a post", () => {
  const email = postEmail(site, post, "issue-7");

  it("is the post with absolute links, affiliate links carrying the issue", () => {
    expect(email.subject).toBe("Growing tomatoes");
    expect(email.html).toContain('href="https://garden.example.com/post/peppers"');
    expect(email.html).toContain('href="https://garden.example.com/go/l1?p=p1&amp;i=issue-7"');
    expect(email.html).toContain('href="https://garden.example.com/post/tomatoes"');
    expect(email.html).not.toMatch(/href="\.\.\//);
  });

  it("uses the e-mail-sized JPEG of library images, never AVIF, and keeps others absolute", () => {
    expect(email.html).toContain(`src="https://garden.example.com/media/${hash}-800.jpg"`);
    expect(email.html).toContain('alt="A tomato plant"');
    expect(email.html).not.toContain(".avif");
    expect(email.html).toContain('src="https://cdn.example.org/x.png"');
    expect(emailVariant(photo)?.file).toBe(`${hash}-800.jpg`);
  });

  it("carries the blog's look inlined, with no style sheet left", () => {
    expect(email.html).not.toContain("<style>");
    expect(email.html).toMatch(/class="header"[^>]*style="[^"]*background: ?#225588/);
    expect(email.html).toMatch(/font-family: ?Inter/);
    expect(email.html).toContain("Garden &lt;Notes&gt;");
  });

  it("has a plain-text part with the words and the unsubscribe address to fill in", () => {
    expect(email.text).toContain("GROWING TOMATOES");
    expect(email.text.replace(/\s+/g, " ")).toContain(
      "buy seeds [https://garden.example.com/go/l1?p=p1&i=issue-7]",
    );
    expect(email.text).not.toContain("Sun, water");
    expect(email.text).not.toMatch(/\n{3}/);
    expect(email.text).toContain(unsubscribePlaceholder);
    expect(email.text).not.toMatch(/<\/?(p|a|div|table|td|img|h1)\b/i);
  });

  it("gets each recipient's own unsubscribe address", () => {
    const mine = forRecipient(email, "https://garden.example.com/unsubscribe?token=a.0.b&i=1");
    expect(mine.html).toMatch(
      /href="https:\/\/garden\.example\.com\/unsubscribe\?token=a\.0\.b&amp;i=1"[^>]*>Unsubscribe<\/a>/,
    );
    expect(mine.text).toContain("https://garden.example.com/unsubscribe?token=a.0.b&i=1");
    expect(mine.html).not.toContain(unsubscribePlaceholder);
  });
});

describe("the weekly digest", () => {
  it("lists each post with its excerpt and link", () => {
    const second = testPost({
      id: "p2",
      slug: "peppers",
      title: "Peppers",
      excerpt: "Hot ones",
      publishedAt: new Date("2026-11-02T00:00:00Z"),
      featureImage: photo,
    });
    const email = digestEmail(site, [second, post]);
    expect(email.subject).toBe("Garden <Notes>: this week's posts");
    expect(email.html.indexOf("Peppers")).toBeLessThan(email.html.indexOf("Growing tomatoes"));
    expect(email.html).toContain('href="https://garden.example.com/post/peppers"');
    expect(email.html).toContain("Sun, water &amp; patience");
    expect(email.text).toContain("Hot ones");
  });
});
