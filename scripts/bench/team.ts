/**
 * Teams per blog (issue 35), the real app on 127.0.0.1 with an owner of 50 blogs, each with 20
 * members (1,000 memberships):
 * - authorization per API call: the check alone, in process, 5,000 times each: the owner check
 *   the routes made before teams (`blogs` by id and owner) against the role check that replaced
 *   it (`blogAccess`: the blog with the person's membership, then the role table), as the owner
 *   and as a member; and `GET /api/blogs/{id}/tags` end to end as the owner and as a writer;
 * - the review queue's first page (`GET /api/review-queue`, 25 posts) with 10,000 posts under
 *   review across the 50 blogs, as the owner and as an editor of every blog.
 * Prints p50/p95 in ms.
 */
import { mkdtempSync, rmSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { and, eq } from "drizzle-orm";
import { createApp } from "../../api/app.ts";
import { openDatabase } from "../../api/db/client.ts";
import { first } from "../../api/db/query.ts";
import { blogMembers, blogs, posts, users } from "../../api/db/schema.ts";
import { parseEnv } from "../../api/env.ts";
import { blogAccess } from "../../api/features/members/access.ts";
import { createLogger } from "../../api/logger.ts";
import { percentile } from "./fixtures.ts";

const blogCount = Number(process.env.BENCH_TEAM_BLOGS ?? 50);
const membersPerBlog = 20;
const underReview = Number(process.env.BENCH_TEAM_POSTS ?? 10_000);
const checks = 5000;

const dir = mkdtempSync(join(tmpdir(), "blogfleet-bench-team-"));
const ms = (value: number) => Number(value.toFixed(3));
const stats = (values: number[]) => ({
  p50Ms: ms(percentile(values, 50)),
  p95Ms: ms(percentile(values, 95)),
});

try {
  const env = parseEnv({
    NODE_ENV: "production",
    DATABASE_URL: `file:${join(dir, "bench.db")}`,
    SITES_DIR: join(dir, "sites"),
    LOG_LEVEL: "silent",
    REGISTRATION: "open",
  });
  const database = await openDatabase(env.DATABASE_URL);
  const { db } = database;
  const app = createApp({ env, db, logger: createLogger("silent") });
  const server = app.listen(0, "127.0.0.1");
  await new Promise<void>((resolve) => server.once("listening", resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  async function signUp(email: string): Promise<{ cookie: string; id: string }> {
    const res = await fetch(`${base}/auth/sign-up`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: base },
      body: JSON.stringify({ email, password: "correct horse battery" }),
    });
    if (res.status !== 201) throw new Error(`sign-up answered ${res.status}`);
    const cookie = (res.headers.getSetCookie()[0] ?? "").split(";")[0] ?? "";
    const user = await first(db.select({ id: users.id }).from(users).where(eq(users.email, email)));
    return { cookie, id: user?.id as string };
  }

  const owner = await signUp("owner@bench.example");
  const editor = await signUp("editor@bench.example");
  const writer = await signUp("writer@bench.example");
  const others = await db
    .insert(users)
    .values(
      Array.from({ length: membersPerBlog - 2 }, (_, i) => ({ email: `m${i}@bench.example` })),
    )
    .returning({ id: users.id });
  const blogRows = await db
    .insert(blogs)
    .values(
      Array.from({ length: blogCount }, (_, i) => ({
        ownerId: owner.id,
        name: `Team blog ${i}`,
        slug: `team-${i}`,
        subdomain: `team-${i}`,
      })),
    )
    .returning({ id: blogs.id });
  await db.insert(blogMembers).values(
    blogRows.flatMap((blog) => [
      { blogId: blog.id, userId: editor.id, role: "editor" as const },
      { blogId: blog.id, userId: writer.id, role: "writer" as const },
      ...others.map((other, i) => ({
        blogId: blog.id,
        userId: other.id,
        role: i % 3 === 0 ? ("contributor" as const) : ("writer" as const),
      })),
    ]),
  );
  const blogId = blogRows[blogCount - 1]?.id as string;

  // The check alone, in process: before teams, and the role check that replaced it.
  const timedCheck = async (check: () => Promise<unknown>) => {
    for (let i = 0; i < 200; i++) await check();
    const times: number[] = [];
    for (let i = 0; i < checks; i++) {
      const started = performance.now();
      await check();
      times.push(performance.now() - started);
    }
    return stats(times);
  };
  const ownerOnly = await timedCheck(async () => {
    const row = await first(
      db
        .select()
        .from(blogs)
        .where(and(eq(blogs.id, blogId), eq(blogs.ownerId, owner.id))),
    );
    if (!row) throw new Error("no blog");
  });
  const roleAsOwner = await timedCheck(() => blogAccess(db, owner.id, blogId));
  const roleAsMember = await timedCheck(() => blogAccess(db, writer.id, blogId));
  console.log(
    JSON.stringify({
      figure: `authorization check alone, ${blogCount} blogs × ${membersPerBlog} members`,
      ownerCheckBeforeTeams: ownerOnly,
      roleCheckAsOwner: roleAsOwner,
      roleCheckAsMember: roleAsMember,
    }),
  );

  async function timedGet(path: string, cookie: string, runs = 200) {
    const times: number[] = [];
    for (let i = 0; i < runs + 20; i++) {
      const started = performance.now();
      const res = await fetch(`${base}${path}`, { headers: { cookie } });
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`${path} answered ${res.status}`);
      if (i >= 20) times.push(performance.now() - started);
    }
    return stats(times);
  }
  console.log(
    JSON.stringify({
      figure: "GET /api/blogs/{id}/tags end to end",
      owner: await timedGet(`/api/blogs/${blogId}/tags`, owner.cookie),
      writer: await timedGet(`/api/blogs/${blogId}/tags`, writer.cookie),
    }),
  );

  // 10,000 posts under review across the blogs, submitted a second apart, by the writer.
  const start = Date.UTC(2026, 0, 1);
  const seeding = performance.now();
  await db.transaction(async (tx) => {
    for (let i = 0; i < underReview; i += 500) {
      await tx.insert(posts).values(
        Array.from({ length: Math.min(500, underReview - i) }, (_, k) => {
          const n = i + k;
          return {
            blogId: blogRows[n % blogCount]?.id as string,
            authorId: writer.id,
            title: `Waiting post ${n}`,
            slug: `waiting-${n}`,
            excerpt: `Post ${n} waits for review.`,
            content: `<p>Post ${n} waits for review.</p>`,
            status: "under_review" as const,
            submittedAt: new Date(start + n * 1000),
          };
        }),
      );
    }
  });
  const seededMs = performance.now() - seeding;
  const queueAsOwner = await timedGet("/api/review-queue?limit=25", owner.cookie, 100);
  const queueAsEditor = await timedGet("/api/review-queue?limit=25", editor.cookie, 100);
  console.log(
    JSON.stringify({
      figure: `review queue first page, ${underReview} posts under review across ${blogCount} blogs`,
      seededMs: Math.round(seededMs),
      owner: queueAsOwner,
      editor: queueAsEditor,
    }),
  );
  console.log(
    JSON.stringify({
      target: "review queue first page, 10,000 under review, p95",
      figure: queueAsEditor.p95Ms,
      unit: "ms",
      anchor: 100,
      anchorLabel: "limit 100 ms",
    }),
  );
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  database.close();
} finally {
  rmSync(dir, { recursive: true, force: true });
}
