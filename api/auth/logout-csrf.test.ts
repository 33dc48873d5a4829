import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOwner } from "../test/factories.ts";
import { startTestApp, type TestApp } from "../test/harness.ts";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const navigation = (site: string) => ({
  "sec-fetch-site": site,
  "sec-fetch-mode": "navigate",
  "sec-fetch-dest": "document",
});

describe("sign-out from other pages (issue 13, finding 6)", () => {
  it("asks before signing out when another site sent the owner to /api/logout", async () => {
    const owner = await createOwner(app);
    for (const site of ["cross-site", "same-site"]) {
      const res = await owner.get("/api/logout", { headers: navigation(site) });
      expect(res.status).toBe(200);
      expect(res.text).toContain('<form method="post" action="/api/logout">');
      expect(res.text).toContain('<button type="submit">Sign out</button>');
      expect(res.headers.getSetCookie()).toEqual([]);
      expect((await owner.get("/api/auth/user")).status).toBe(200);
    }
    // The button: a same-origin POST signs out.
    const confirmed = await owner.request("POST", "/api/logout");
    expect(confirmed.status).toBe(303);
    expect(confirmed.headers.get("location")).toBe("/");
    expect((await owner.get("/api/auth/user")).status).toBe(401);
  });

  it("refuses the POST from another origin", async () => {
    const owner = await createOwner(app);
    const res = await owner.request("POST", "/api/logout", { origin: "https://evil.example" });
    expect(res.status).toBe(403);
    expect((await owner.get("/api/auth/user")).status).toBe(200);
  });

  it("keeps the dashboard's link: a same-origin or typed navigation signs out at once", async () => {
    for (const site of ["same-origin", "none"]) {
      const owner = await createOwner(app);
      const res = await owner.get("/api/logout", { headers: navigation(site) });
      expect(res.status).toBe(302);
      expect((await owner.get("/api/auth/user")).status).toBe(401);
    }
    const plain = await createOwner(app);
    expect((await plain.get("/api/logout")).status).toBe(302);
    expect((await plain.get("/api/auth/user")).status).toBe(401);
  });

  it("refuses /api/* loaded as an image, script, style or frame, even from the same origin", async () => {
    const owner = await createOwner(app);
    for (const dest of [
      "image",
      "script",
      "style",
      "iframe",
      "font",
      "object",
      "embed",
      "worker",
    ]) {
      for (const path of ["/api/logout", "/api/blogs", "/api/auth/user"]) {
        const res = await owner.get(path, {
          headers: {
            "sec-fetch-site": "same-origin",
            "sec-fetch-mode": "no-cors",
            "sec-fetch-dest": dest,
          },
        });
        expect(res.status).toBe(403);
        expect(res.body.code).toBe("subresource_refused");
      }
    }
    expect((await owner.get("/api/auth/user")).status).toBe(200);
    const fetched = await owner.get("/api/blogs", {
      headers: {
        "sec-fetch-site": "same-origin",
        "sec-fetch-mode": "cors",
        "sec-fetch-dest": "empty",
      },
    });
    expect(fetched.status).toBe(200);
  });
});
