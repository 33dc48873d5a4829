import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOwner } from "../../test/factories.ts";
import { startTestApp, type TestApp } from "../../test/harness.ts";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

describe("All Posts preferences (GET/PATCH /api/profile/preferences)", () => {
  it("start as cards newest first, and keep what is sent, an absent field unchanged", async () => {
    const owner = await createOwner(app);
    expect((await owner.get("/api/profile/preferences")).body).toEqual({
      postsView: "cards",
      postsSort: "date:desc",
    });
    const list = await owner.patch("/api/profile/preferences", { postsView: "list" });
    expect(list.status).toBe(200);
    expect(list.body).toEqual({ postsView: "list", postsSort: "date:desc" });
    const sorted = await owner.patch("/api/profile/preferences", { postsSort: "views:desc" });
    expect(sorted.body).toEqual({ postsView: "list", postsSort: "views:desc" });
    expect((await owner.get("/api/profile/preferences")).body).toEqual(sorted.body);
  });

  it("belong to one person: another's stay as they were", async () => {
    const one = await createOwner(app);
    const other = await createOwner(app);
    await one.patch("/api/profile/preferences", { postsView: "list", postsSort: "title:asc" });
    expect((await other.get("/api/profile/preferences")).body).toEqual({
      postsView: "cards",
      postsSort: "date:desc",
    });
  });

  it("refuse bad input listing every problem, and change nothing", async () => {
    const owner = await createOwner(app);
    const res = await owner.patch("/api/profile/preferences", {
      postsView: "grid",
      postsSort: "content:up",
    });
    expect(res.status).toBe(400);
    expect(res.body.issues.map((i: { path: string }) => i.path).sort()).toEqual([
      "postsSort",
      "postsView",
    ]);
    expect((await owner.get("/api/profile/preferences")).body).toEqual({
      postsView: "cards",
      postsSort: "date:desc",
    });
  });

  it("need a signed-in person", async () => {
    const anonymous = app.client();
    expect((await anonymous.get("/api/profile/preferences")).status).toBe(401);
    expect((await anonymous.patch("/api/profile/preferences", { postsView: "list" })).status).toBe(
      401,
    );
  });
});
