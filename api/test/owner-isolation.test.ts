import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOwner } from "./factories.ts";
import { startTestApp, type TestApp, type TestClient } from "./harness.ts";
import {
  ownerCases as cases,
  fillPath,
  type OwnerData,
  routesWithIds,
  seedOwner as seed,
  snapshotDatabase,
} from "./owner-isolation-cases.ts";

/**
 * Owner B tries every route that takes an id with owner A's ids. Nothing may succeed and
 * no row may change. The case table (owner-isolation-cases.ts, shared with
 * `npm run check:security`) grows with every endpoint: the coverage test below fails when the
 * router serves a route with a parameter that the table does not try.
 */
let app: TestApp;
let ownerA: TestClient;
let ownerB: TestClient;
let dataA: OwnerData;
let dataB: OwnerData;

beforeAll(async () => {
  // Publishing, as in the server: a post's e-mail preview is rendered from the blog's site.
  app = await startTestApp({ publishing: true });
  ownerA = await createOwner(app);
  ownerB = await createOwner(app);
  dataA = await seed(ownerA, "A's blog", app.db);
  dataB = await seed(ownerB, "B's blog", app.db);
});
afterAll(() => app.close());

describe("owner isolation", () => {
  it("covers every route that takes an id", () => {
    // Public routes, an invitation link's (its token is whoever holds it: decision 370), and
    // the mail providers' bounce reports (a shared secret, no owner: decision 376).
    const withParams = routesWithIds(app.express).filter(
      (route) =>
        route.includes(" /api/") &&
        !route.includes(" /api/public/") &&
        !route.includes(" /api/team-invitations/") &&
        !route.includes(" /api/newsletter-webhooks/"),
    );
    expect(withParams).toContain("GET /api/blogs/:id");
    const covered = new Set(cases.map((c) => `${c.method} ${c.path}`));
    expect(withParams.filter((r) => !covered.has(r))).toEqual([]);
  });

  it("lets owner B reach none of owner A's data", async () => {
    const before = await snapshotDatabase(app.db);
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
    expect(await snapshotDatabase(app.db)).toEqual(before);
  });

  it("still lets owner A reach the same routes (the ids are real)", async () => {
    for (const c of cases.filter((entry) => entry.method === "GET")) {
      const res = await ownerA.get(fillPath(c.path, c.fill(dataA, dataB)));
      expect(res.status, `${c.method} ${c.path}`).toBe(200);
    }
  });
});
