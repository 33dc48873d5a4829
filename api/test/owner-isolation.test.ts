import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createBlog, createCategory, createOwner, createPost } from "./factories.ts";
import { startTestApp, type TestApp, type TestClient } from "./harness.ts";
import { listRoutes } from "./routes.ts";

/**
 * Owner B tries every route that takes an id with owner A's ids. Nothing may succeed and
 * no row may change. The table grows with every endpoint: the coverage test below fails
 * when the router serves a route with a parameter that the table does not try.
 */
type OwnerData = {
  blogId: string;
  postId: string;
  categoryId: string;
  linkId: string;
  recommendationId: string;
  ideaId: string;
};
type IsolationCase = {
  method: string;
  path: string;
  /** Path parameters from A's data (and B's own, for requests on B's rows naming A's). */
  fill: (a: OwnerData, b: OwnerData) => Record<string, string>;
  body?: (a: OwnerData, b: OwnerData) => unknown;
};

const inAnHour = () => new Date(Date.now() + 60 * 60 * 1000).toISOString();

const cases: IsolationCase[] = [
  {
    method: "POST",
    path: "/api/blog-recommendations/:id/approve",
    fill: (a) => ({ id: a.ideaId }),
  },
  { method: "POST", path: "/api/blog-recommendations/:id/reject", fill: (a) => ({ id: a.ideaId }) },
  {
    method: "GET",
    path: "/api/blogs/:blogId/affiliate-recommendations",
    fill: (a) => ({ blogId: a.blogId }),
  },
  {
    method: "POST",
    path: "/api/blogs/:blogId/affiliate-recommendations/generate",
    fill: (a) => ({ blogId: a.blogId }),
  },
  {
    method: "PATCH",
    path: "/api/affiliate-recommendations/:id",
    fill: (a) => ({ id: a.recommendationId }),
    body: () => ({ status: "approved" }),
  },
  { method: "GET", path: "/api/blogs/:blogId/automation", fill: (a) => ({ blogId: a.blogId }) },
  {
    method: "POST",
    path: "/api/blogs/:id/automation",
    fill: (a) => ({ id: a.blogId }),
    body: () => ({ enabled: false }),
  },
  {
    method: "PATCH",
    path: "/api/blogs/:id/automation",
    fill: (a) => ({ id: a.blogId }),
    body: () => ({ enabled: true, topics: ["planted"] }),
  },
  {
    method: "PATCH",
    path: "/api/blogs/:id/domain",
    fill: (a) => ({ id: a.blogId }),
    body: () => ({ subdomain: "stolen" }),
  },
  { method: "POST", path: "/api/blogs/:id/domain/verify", fill: (a) => ({ id: a.blogId }) },
  {
    method: "GET",
    path: "/api/blogs/:blogId/affiliate-links",
    fill: (a) => ({ blogId: a.blogId }),
  },
  {
    method: "POST",
    path: "/api/affiliate-links",
    fill: () => ({}),
    body: (a) => ({ blogId: a.blogId, keyword: "planted", url: "https://evil.example.com" }),
  },
  {
    method: "PATCH",
    path: "/api/affiliate-links/:id",
    fill: (a) => ({ id: a.linkId }),
    body: () => ({ url: "https://evil.example.com" }),
  },
  { method: "DELETE", path: "/api/affiliate-links/:id", fill: (a) => ({ id: a.linkId }) },
  { method: "GET", path: "/api/affiliate-links/:id/clicks", fill: (a) => ({ id: a.linkId }) },
  {
    method: "GET",
    path: "/api/blogs/:blogId/affiliate-clicks",
    fill: (a) => ({ blogId: a.blogId }),
  },
  { method: "GET", path: "/api/blogs/:id", fill: (a) => ({ id: a.blogId }) },
  { method: "GET", path: "/api/blogs/:id/site", fill: (a) => ({ id: a.blogId }) },
  {
    method: "PATCH",
    path: "/api/blogs/:id/customization",
    fill: (a) => ({ id: a.blogId }),
    body: () => ({ primaryColor: "#000000", logoUrl: "https://evil.example/logo.png" }),
  },
  { method: "GET", path: "/api/blogs/:blogId/posts", fill: (a) => ({ blogId: a.blogId }) },
  { method: "GET", path: "/api/posts/:id", fill: (a) => ({ id: a.postId }) },
  {
    method: "PATCH",
    path: "/api/posts/:id",
    fill: (a) => ({ id: a.postId }),
    body: () => ({ title: "Taken over", content: "x" }),
  },
  // B's own post, filed under A's category.
  {
    method: "PATCH",
    path: "/api/posts/:id",
    fill: (_a, b) => ({ id: b.postId }),
    body: (a) => ({ categoryId: a.categoryId }),
  },
  {
    method: "PATCH",
    path: "/api/posts/:id/status",
    fill: (a) => ({ id: a.postId }),
    body: () => ({ status: "under_review" }),
  },
  {
    method: "PATCH",
    path: "/api/posts/:id/schedule",
    fill: (a) => ({ id: a.postId }),
    body: () => ({ scheduledPublishAt: inAnHour() }),
  },
  { method: "DELETE", path: "/api/posts/:id", fill: (a) => ({ id: a.postId }) },
  // A post in A's blog.
  {
    method: "POST",
    path: "/api/posts",
    fill: () => ({}),
    body: (a) => ({ blogId: a.blogId, title: "Planted" }),
  },
  // B's own blog, A's category.
  {
    method: "POST",
    path: "/api/posts",
    fill: () => ({}),
    body: (a, b) => ({ blogId: b.blogId, title: "Planted", categoryId: a.categoryId }),
  },
  {
    method: "GET",
    path: "/api/blogs/:blogId/categories",
    fill: (a) => ({ blogId: a.blogId }),
  },
  {
    method: "POST",
    path: "/api/categories",
    fill: () => ({}),
    body: (a) => ({ blogId: a.blogId, name: "Planted", slug: "planted" }),
  },
  // B's own blog, A's category as the parent.
  {
    method: "POST",
    path: "/api/categories",
    fill: () => ({}),
    body: (a, b) => ({
      blogId: b.blogId,
      name: "Planted",
      slug: "planted",
      parentId: a.categoryId,
    }),
  },
  {
    method: "PATCH",
    path: "/api/categories/:id",
    fill: (a) => ({ id: a.categoryId }),
    body: () => ({ name: "Taken over" }),
  },
  // B's own category moved under A's.
  {
    method: "PATCH",
    path: "/api/categories/:id",
    fill: (_a, b) => ({ id: b.categoryId }),
    body: (a) => ({ parentId: a.categoryId }),
  },
  { method: "DELETE", path: "/api/categories/:id", fill: (a) => ({ id: a.categoryId }) },
];

let app: TestApp;
let ownerA: TestClient;
let ownerB: TestClient;
let dataA: OwnerData;
let dataB: OwnerData;

async function seed(owner: TestClient, name: string): Promise<OwnerData> {
  const blogId = (await createBlog(owner, name)).id;
  const categoryId = (await createCategory(owner, blogId)).id;
  const postId = (await createPost(owner, blogId, { categoryId })).id;
  const link = await owner.post<{ id: string }>("/api/affiliate-links", {
    blogId,
    keyword: "compost",
    url: "https://shop.example.com/compost",
  });
  await owner.post(`/api/blogs/${blogId}/automation`, { enabled: false });
  const recommendations = await owner.post<{ id: string }[]>(
    `/api/blogs/${blogId}/affiliate-recommendations/generate`,
  );
  const ideas = await owner.post<{ id: string }[]>("/api/blog-recommendations/generate");
  return {
    blogId,
    postId,
    categoryId,
    linkId: link.body.id,
    recommendationId: recommendations.body[0]?.id as string,
    ideaId: ideas.body[0]?.id as string,
  };
}

beforeAll(async () => {
  app = await startTestApp();
  ownerA = await createOwner(app);
  ownerB = await createOwner(app);
  dataA = await seed(ownerA, "A's blog");
  dataB = await seed(ownerB, "B's blog");
});
afterAll(() => app.close());

const ignoredTables = new Set(["sessions", "oidc_login_flows", "__drizzle_migrations"]);

async function snapshot(): Promise<Record<string, unknown[]>> {
  const tables = await app.db.all<{ name: string }>(
    sql`select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name`,
  );
  const result: Record<string, unknown[]> = {};
  for (const { name } of tables) {
    if (ignoredTables.has(name)) continue;
    result[name] = await app.db.all(sql.raw(`select * from "${name}" order by rowid`));
  }
  return result;
}

const fillPath = (path: string, values: Record<string, string>) =>
  path.replace(/:(\w+)/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`no value for :${name} in ${path}`);
    return encodeURIComponent(value);
  });

describe("owner isolation", () => {
  it("covers every route that takes an id", () => {
    const withParams = listRoutes(app.express)
      .filter(
        (r) =>
          r.path.includes(":") && r.path.startsWith("/api/") && !r.path.startsWith("/api/public/"),
      )
      .map((r) => `${r.method} ${r.path}`);
    expect(withParams).toContain("GET /api/blogs/:id");
    const covered = new Set(cases.map((c) => `${c.method} ${c.path}`));
    expect(withParams.filter((r) => !covered.has(r))).toEqual([]);
  });

  it("lets owner B reach none of owner A's data", async () => {
    const before = await snapshot();
    let tried = 0;
    const succeeded: string[] = [];
    for (const c of cases) {
      const path = fillPath(c.path, c.fill(dataA, dataB));
      const res = await ownerB.request(
        c.method,
        path,
        c.method === "GET" ? {} : { json: c.body?.(dataA, dataB) ?? {} },
      );
      tried++;
      if (res.status !== 404) succeeded.push(`${c.method} ${path} → ${res.status}`);
    }
    expect(tried).toBe(cases.length);
    expect(succeeded).toEqual([]);
    expect(await snapshot()).toEqual(before);
  });

  it("still lets owner A reach the same routes (the ids are real)", async () => {
    for (const c of cases.filter((entry) => entry.method === "GET")) {
      const res = await ownerA.get(fillPath(c.path, c.fill(dataA, dataB)));
      expect(res.status, `${c.method} ${c.path}`).toBe(200);
    }
  });
});
