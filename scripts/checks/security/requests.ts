/** Request-building pieces shared by the parts of `npm run check:security`. */
import type { OwnerData } from "../../../api/test/owner-isolation-cases.ts";

/** Valid bodies for routes the isolation table has no body for (a signed-in owner's request). */
export const validBodies: Record<string, (own: OwnerData) => unknown> = {
  "POST /api/blogs": () => ({ name: "Planted blog", description: "Planted description" }),
  "POST /auth/sign-in": () => ({ email: "owner@example.com", password: "correct horse battery" }),
  "POST /auth/sign-up": () => ({ email: "planted@example.com", password: "correct horse battery" }),
  "POST /api/ai/generate-post": (own) => ({
    topic: "Planted topic",
    category: "Compost",
    tone: "professional",
    length: "short",
    blogId: own.blogId,
  }),
  "PATCH /api/account/settings": () => ({ maximumTrust: true }),
  "POST /api/posts": (own) => ({
    blogId: own.blogId,
    title: "A planted post",
    content: "<p>Planted</p>",
    excerpt: "Planted",
    categoryId: own.categoryId,
    metaTitle: "Planted",
    metaDescription: "Planted",
    keywords: ["planted"],
    slug: "a-planted-post",
  }),
  "PATCH /api/posts/:id": (own) => ({
    title: "Edited",
    content: "<p>Edited</p>",
    excerpt: "Edited",
    categoryId: own.categoryId,
    keywords: ["edited"],
    slug: "edited",
  }),
  "POST /api/blogs/:id/automation": () => ({
    enabled: true,
    niche: "Gardening",
    topics: ["compost"],
    postingFrequency: "weekly",
    postsPerWeek: 2,
    autoPublish: false,
  }),
};

/**
 * Percent-encodes any JavaScript string, lone surrogates included (as their WTF-8 bytes, which
 * no UTF-8 decoder accepts): `encodeURIComponent` throws on those, and servers must not.
 */
export function encodeAny(value: string): string {
  let out = "";
  for (let i = 0; i < value.length; i++) {
    const unit = value.charCodeAt(i);
    const next = value.charCodeAt(i + 1);
    if (unit >= 0xd800 && unit <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
      out += encodeURIComponent(value.slice(i, i + 2));
      i++;
    } else if (unit >= 0xd800 && unit <= 0xdfff) {
      out += [0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)]
        .map((byte) => `%${byte.toString(16).toUpperCase()}`)
        .join("");
    } else {
      out += encodeURIComponent(value[i] as string);
    }
  }
  return out;
}
