import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createBlog, createOwner } from "./factories.ts";
import { startTestApp, type TestApp, type TestClient } from "./harness.ts";
import { listRoutes } from "./routes.ts";

/**
 * Owner B tries every route that takes an id with owner A's ids. Nothing may succeed and
 * no row may change. The table grows with every endpoint: the coverage test below fails
 * when the router serves a route with a parameter that the table does not try.
 */
type OwnerData = { blogId: string };
type IsolationCase = {
  method: string;
  path: string;
  fill: (a: OwnerData) => Record<string, string>;
  body?: (a: OwnerData) => unknown;
};

const cases: IsolationCase[] = [
  { method: "GET", path: "/api/blogs/:id", fill: (a) => ({ id: a.blogId }) },
];

let app: TestApp;
let ownerA: TestClient;
let ownerB: TestClient;
let dataA: OwnerData;

beforeAll(async () => {
  app = await startTestApp();
  ownerA = await createOwner(app);
  ownerB = await createOwner(app);
  dataA = { blogId: (await createBlog(ownerA, "A's blog")).id };
  await createBlog(ownerB, "B's blog");
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
      const path = fillPath(c.path, c.fill(dataA));
      const res = await ownerB.request(
        c.method,
        path,
        c.method === "GET" ? {} : { json: c.body?.(dataA) ?? {} },
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
      const res = await ownerA.get(fillPath(c.path, c.fill(dataA)));
      expect(res.status, `${c.method} ${c.path}`).toBe(200);
    }
  });
});
