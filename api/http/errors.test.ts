import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOwner } from "../test/factories.ts";
import { startTestApp, type TestApp } from "../test/harness.ts";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

describe("paths the router cannot decode", () => {
  // Found by `npm run check:security` (fuzz): these answered 500.
  it("answer 400 invalid_path, signed in or not", async () => {
    const owner = await createOwner(app);
    for (const path of [
      "/api/posts/%FF",
      "/api/blogs/%ED%A0%80", // a lone surrogate's bytes
      "/api/blogs/%/automation",
      "/api/affiliate-links/%zz",
    ]) {
      for (const client of [owner, app.client()]) {
        const res = await client.get(path);
        expect(res.status, path).toBe(400);
        expect(res.body).toEqual({
          code: "invalid_path",
          message: "The address has an invalid %-encoding",
        });
      }
    }
    const patch = await owner.patch("/api/posts/%C0%AF/status", { status: "published" });
    expect(patch.status).toBe(400);
  });
});
