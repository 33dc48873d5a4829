import { afterAll, beforeAll, expect, it } from "vitest";
import { describeSqliteOnly } from "../test/dialect.ts";
import { createBlog, createOwner } from "../test/factories.ts";
import { fullDatabaseDisk } from "../test/full-disk.ts";
import { startTestApp, type TestApp } from "../test/harness.ts";

const disk = fullDatabaseDisk();
let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ wrapDatabaseClient: disk.wrap });
});
afterAll(() => app.close());

// SQLITE_FULL is SQLite's (decision 181).
describeSqliteOnly("a request whose write finds the database disk full", () => {
  it("answers 507 saying nothing was saved, and reads go on", async () => {
    const owner = await createOwner(app);
    const blog = await createBlog(owner, "Full Disk");
    disk.fill();
    try {
      const create = await owner.post("/api/posts", {
        blogId: blog.id,
        title: "Lost?",
        content: "<p>Not lost: never acknowledged.</p>",
      });
      expect(create.status).toBe(507);
      expect(create.body).toEqual({
        code: "storage_full",
        message:
          "The server's disk is full, so nothing was saved. Free up disk space on the server (or ask its administrator to), then try again.",
        requestId: expect.any(String),
      });
      const rename = await owner.patch(`/api/blogs/${blog.id}/customization`, {
        primaryColor: "#112233",
      });
      expect(rename.status).toBe(507);
      // Reads still work, and show that nothing was saved.
      const list = await owner.get<{ posts: unknown[] }>(`/api/blogs/${blog.id}/posts`);
      expect(list.status).toBe(200);
      expect(JSON.stringify(list.body)).not.toContain("Lost?");
    } finally {
      disk.free();
    }
    const retry = await owner.post("/api/posts", { blogId: blog.id, title: "Saved", content: "" });
    expect(retry.status).toBe(201);
  });
});
