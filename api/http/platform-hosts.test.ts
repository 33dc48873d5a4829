import { request } from "node:http";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { blogs } from "../db/schema.ts";
import { InvalidEnvironmentError, parseEnv } from "../env.ts";
import { createBlog } from "../test/factories.ts";
import { startTestApp, type TestApp } from "../test/harness.ts";

// The dashboard and the CNAME target live under the blog domain (allowed for local names only).
const appOrigin = "http://cms.localhost:3000";
let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({
    publishing: true,
    env: {
      APP_ORIGIN: appOrigin,
      BLOG_DOMAIN: "localhost",
      DOMAIN_CNAME_TARGET: "sites.localhost",
    },
  });
});
afterAll(() => app.close());

let owners = 0;
const ownerOnDashboard = async () => {
  const client = app.client({ origin: appOrigin });
  const email = `cms-owner-${owners++}@example.com`;
  const res = await client.post("/auth/sign-up", { email, password: "correct horse battery" });
  expect(res.status).toBe(201);
  return client;
};

const get = (path: string, host: string) =>
  new Promise<{ status: number; body: string }>((resolve, reject) => {
    const url = new URL(app.baseUrl);
    request({ hostname: url.hostname, port: url.port, path, headers: { host } }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () =>
        resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() }),
      );
    })
      .on("error", reject)
      .end();
  });

describe("the platform's own hosts are never a blog (issue 13, finding 1)", () => {
  it("refuses the dashboard's and the CNAME target's labels as subdomains with a 400", async () => {
    const owner = await ownerOnDashboard();
    const blog = await createBlog(owner);
    for (const subdomain of ["cms", "CMS", "sites"]) {
      const res = await owner.patch(`/api/blogs/${blog.id}/domain`, { subdomain });
      expect(res.status).toBe(400);
      expect(res.body.issues).toEqual([
        { path: "subdomain", message: "That subdomain is reserved. Choose another one." },
      ]);
    }
    const ok = await owner.patch(`/api/blogs/${blog.id}/domain`, { subdomain: "cms-notes" });
    expect(ok.status).toBe(200);
  });

  it("keeps the dashboard on its host even when a blog already holds its label", async () => {
    const owner = await ownerOnDashboard();
    const blog = await createBlog(owner);
    // A blog that took the label before it was reserved.
    await app.db.update(blogs).set({ subdomain: "cms" }).where(eq(blogs.id, blog.id));
    const signIn = await get("/auth/sign-in", "cms.localhost:3000");
    expect(signIn.status).toBe(200);
    expect(signIn.body).toContain("<h1>Sign in</h1>");
    expect((await get("/api/auth/user", "cms.localhost:3000")).status).toBe(401);
    expect((await get("/api/blogs", "cms.localhost")).status).toBe(401);
    expect((await get("/", "cms.localhost")).body).not.toContain(blog.name);
    const tls = await get("/api/tls/allowed?domain=cms.localhost", "localhost");
    expect(tls.status).toBe(404);
  });
});

describe("start-up refuses blogs on the dashboard's site", () => {
  const refused = (source: Record<string, string>) => {
    try {
      parseEnv(source);
    } catch (error) {
      expect(error).toBeInstanceOf(InvalidEnvironmentError);
      return (error as Error).message;
    }
    return undefined;
  };

  it("refuses APP_ORIGIN and BLOG_DOMAIN on one registrable domain", () => {
    for (const [origin, domain] of [
      ["https://cms.example.com", "example.com"],
      ["https://cms.example.com", "blogs.example.com"],
      ["https://example.com", "blogs.example.com"],
      ["https://app.example.co.uk", "blogs.example.co.uk"],
    ] as const) {
      expect(refused({ APP_ORIGIN: origin, BLOG_DOMAIN: domain })).toContain(
        "BLOG_DOMAIN: must be a different registrable domain from APP_ORIGIN's",
      );
    }
  });

  it("accepts separate sites and the local development defaults", () => {
    expect(
      refused({ APP_ORIGIN: "https://app.example.com", BLOG_DOMAIN: "blogs.example.net" }),
    ).toBeUndefined();
    expect(
      refused({ APP_ORIGIN: "https://app.example.co.uk", BLOG_DOMAIN: "other.co.uk" }),
    ).toBeUndefined();
    expect(refused({})).toBeUndefined();
    expect(refused({ BLOG_DOMAIN: "localhost" })).toBeUndefined();
    expect(
      refused({ APP_ORIGIN: "http://localhost:3000", BLOG_DOMAIN: "localhost" }),
    ).toBeUndefined();
  });
});
