import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { MemberRole } from "../../contracts/roles.ts";
import { createMember, createOwner } from "./factories.ts";
import { startTestApp, type TestApp, type TestClient } from "./harness.ts";
import {
  ownerCases as cases,
  changedRows,
  fillPath,
  type IsolationCase,
  type OwnerData,
  seedOwner as seed,
  snapshotDatabase,
} from "./owner-isolation-cases.ts";

/**
 * The role matrix (issue 35): every route of the owner-isolation table, run against owner A's
 * data as an editor, a writer and a contributor of A's blog, as an editor of another blog, and
 * as a stranger. Each answer must be the one the case's team expectation gives (decision 366):
 * a refused request changes nothing; an allowed one is never 403 or 404 (allowed requests that
 * change data are left to each feature's tests: they would change the data the matrix runs on,
 * and are counted here to show what was not tried).
 */
let app: TestApp;
let dataA: OwnerData;
let dataB: OwnerData;
const members = {} as Record<MemberRole, TestClient>;
let otherBlogsEditor: TestClient;
let stranger: TestClient;

beforeAll(async () => {
  // Publishing, as in the server: a post's e-mail preview is rendered from the blog's site.
  app = await startTestApp({ publishing: true });
  const ownerA = await createOwner(app);
  const ownerB = await createOwner(app);
  dataA = await seed(ownerA, "A's blog", app.db);
  dataB = await seed(ownerB, "B's blog", app.db);
  for (const role of ["editor", "writer", "contributor"] as const) {
    members[role] = await createMember(app, dataA.blogId, role);
  }
  otherBlogsEditor = await createMember(app, dataB.blogId, "editor");
  stranger = await createOwner(app);
});
afterAll(() => app.close());

type Expected = "allow" | "hidden" | "forbid";
const expectedFor = (c: IsolationCase, role: MemberRole): Expected =>
  c.team?.allow?.includes(role) ? "allow" : c.team?.hidden?.includes(role) ? "hidden" : "forbid";
const statusFits = (expected: Expected, status: number) =>
  expected === "allow"
    ? status !== 403 && status !== 404 && status < 500
    : status === (expected === "hidden" ? 404 : 403);

const send = (client: TestClient, c: IsolationCase) =>
  client.request(
    c.method,
    fillPath(c.path, c.fill(dataA, dataB)),
    c.method === "GET" ? {} : { json: c.body?.(dataA, dataB) ?? {} },
  );

describe("the role matrix", () => {
  it("refuses every member what their role may not do, and changes nothing", async () => {
    const before = await snapshotDatabase(app.db);
    const wrong: string[] = [];
    let notTried = 0;
    for (const c of cases) {
      for (const role of ["editor", "writer", "contributor"] as const) {
        const expected = expectedFor(c, role);
        if (expected === "allow") {
          notTried++;
          continue;
        }
        const res = await send(members[role], c);
        if (!statusFits(expected, res.status)) {
          wrong.push(`${role} ${c.method} ${c.path} → ${res.status}, expected ${expected}`);
        }
      }
      for (const [who, client] of [
        ["another blog's editor", otherBlogsEditor],
        ["stranger", stranger],
      ] as const) {
        const res = await send(client, c);
        if (res.status !== 404) wrong.push(`${who} ${c.method} ${c.path} → ${res.status}`);
      }
    }
    expect(wrong).toEqual([]);
    expect(changedRows(before, await snapshotDatabase(app.db))).toEqual({});
    // What members may do that changes data is each feature's tests' (see above).
    expect(notTried).toBeGreaterThan(0);
  });

  it("lets each member read what their role may read", async () => {
    const wrong: string[] = [];
    for (const c of cases.filter((entry) => entry.method === "GET")) {
      for (const role of ["editor", "writer", "contributor"] as const) {
        if (expectedFor(c, role) !== "allow") continue;
        const res = await send(members[role], c);
        if (res.status !== 200) wrong.push(`${role} ${c.method} ${c.path} → ${res.status}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});
