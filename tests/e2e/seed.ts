import { createClient } from "@libsql/client";
import { drizzle } from "drizzle-orm/libsql";
import { posts } from "../../api/db/schema.ts";

/**
 * Writes `count` posts straight into the e2e server's database (thousands in a second; the
 * API would take minutes), one an hour back from now, newest first numbered 0.
 */
export async function seedPosts(
  blogId: string,
  authorId: string,
  count: number,
  make: (n: number) => { title: string; content: string },
) {
  const dir = process.env.E2E_DATA_DIR;
  if (!dir) throw new Error("E2E_DATA_DIR is not set (see playwright.config.ts)");
  const client = createClient({ url: `file:${dir}/e2e.db`, timeout: 5000 });
  try {
    const db = drizzle(client);
    const now = Date.now();
    await db.transaction(async (tx) => {
      for (let i = 0; i < count; i += 500) {
        const batch = Array.from({ length: Math.min(500, count - i) }, (_, j) => {
          const n = i + j;
          const { title, content } = make(n);
          const createdAt = new Date(now - (n + 1) * 3_600_000);
          return {
            blogId,
            authorId,
            title,
            content,
            excerpt: content
              .replace(/<[^>]*>/g, " ")
              .trim()
              .slice(0, 200),
            status: (["draft", "under_review", "published"] as const)[n % 3],
            slug: `seeded-${n}`,
            publishedAt: n % 3 === 2 ? createdAt : null,
            createdAt,
            updatedAt: createdAt,
          };
        });
        await tx.insert(posts).values(batch);
      }
    });
  } finally {
    client.close();
  }
}

/**
 * Writes a post as content automation leaves one its publishing gate held (under review, the
 * model's text kept as its AI text, the gate's reasons on it): the browser tests' server has no
 * model, so its own automation writes only offline outlines.
 */
export async function seedHeldPost(
  blogId: string,
  authorId: string,
  post: {
    title: string;
    slug: string;
    content: string;
    reasons: { id: string; label: string; reason: string }[];
  },
) {
  const dir = process.env.E2E_DATA_DIR;
  if (!dir) throw new Error("E2E_DATA_DIR is not set (see playwright.config.ts)");
  const client = createClient({ url: `file:${dir}/e2e.db`, timeout: 5000 });
  try {
    const now = new Date();
    await drizzle(client)
      .insert(posts)
      .values({
        blogId,
        authorId,
        title: post.title,
        slug: post.slug,
        content: post.content,
        excerpt: post.content
          .replace(/<[^>]*>/g, " ")
          .trim()
          .slice(0, 200),
        status: "under_review",
        source: "ai",
        aiText: post.content,
        aiAssisted: true,
        reviewReasons: post.reasons,
        createdAt: now,
        updatedAt: now,
      });
  } finally {
    client.close();
  }
}
