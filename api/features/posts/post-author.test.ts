import type { Client, InStatement } from "@libsql/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOwner, createOwnerWithBlog } from "../../test/factories.ts";
import { startTestApp, type TestApp } from "../../test/harness.ts";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

describe("authorId on POST /api/posts (spec section 7)", () => {
  it("takes the signed-in owner's own id, or none", async () => {
    const { owner, blogId } = await createOwnerWithBlog(app);
    const me = (await owner.get("/api/auth/user")).body;
    const sent = await owner.post("/api/posts", { blogId, authorId: me.id, title: "Mine" });
    expect(sent.status).toBe(201);
    expect(sent.body.authorId).toBe(me.id);
    const none = await owner.post("/api/posts", { blogId, title: "Also mine" });
    expect(none.status).toBe(201);
    expect(none.body.authorId).toBe(me.id);
  });

  it("refuses another owner's id (or anything else) with 400 and stores nothing", async () => {
    const { owner, blogId } = await createOwnerWithBlog(app);
    const other = await createOwner(app);
    const otherId = (await other.get("/api/auth/user")).body.id;
    for (const authorId of [otherId, "nobody", 42]) {
      const res = await owner.post("/api/posts", { blogId, authorId, title: "Ghost written" });
      expect(res.status).toBe(400);
      expect(res.body.issues).toEqual([
        {
          path: "authorId",
          message:
            authorId === 42
              ? "authorId must be your user id"
              : "The author must be you, the signed-in owner",
        },
      ]);
    }
    expect((await owner.get(`/api/blogs/${blogId}/posts`)).body).toEqual([]);
  });
});

describe("the author of a post the signed-in owner changes", () => {
  it("is the owner from the session, not read again from the users table", async () => {
    const reads: string[] = [];
    const sqlOf = (statement: InStatement | string) =>
      typeof statement === "string" ? statement : statement.sql;
    const watched = await startTestApp({
      sessionCacheMs: 60_000,
      wrapDatabaseClient: (client: Client) =>
        new Proxy(client, {
          get(target, property, receiver) {
            const value = Reflect.get(target, property, receiver);
            if (property === "execute") {
              return (statement: InStatement | string, args?: unknown) => {
                reads.push(sqlOf(statement));
                return (value as (s: unknown, a?: unknown) => unknown).call(
                  target,
                  statement,
                  args,
                );
              };
            }
            return typeof value === "function" ? value.bind(target) : value;
          },
        }),
    });
    try {
      const { owner, blogId } = await createOwnerWithBlog(watched);
      const me = (await owner.get("/api/auth/user")).body;
      const post = (await owner.post("/api/posts", { blogId, title: "Mine" })).body;
      reads.length = 0;
      const changed = await owner.patch(`/api/posts/${post.id}/status`, {
        status: "under_review",
      });
      expect(reads.filter((s) => /from "users"/.test(s))).toEqual([]);
      // The same author as the list shows, which reads it from the users table.
      const listed = await owner.get(`/api/blogs/${blogId}/posts`);
      expect(listed.body[0].author).toEqual({ name: expect.any(String), avatarUrl: null });
      expect(changed.body.author).toEqual(listed.body[0].author);
      expect(post.authorId).toBe(me.id);
    } finally {
      await watched.close();
    }
  });
});
