import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseCsv } from "../../../contracts/csv.ts";
import type {
  SubscriberGrowth,
  SubscriberImportResult,
  SubscriberPage,
} from "../../../contracts/newsletters.ts";
import { subscribers } from "../../db/schema.ts";
import { createBlog, createMember, createOwner } from "../../test/factories.ts";
import { startTestApp, type TestApp, type TestClient } from "../../test/harness.ts";

/* A blog's list in the dashboard (issue 36, decision 374), on the real app and database. */

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const rowsOf = (blogId: string) =>
  app.db.select().from(subscribers).where(eq(subscribers.blogId, blogId));

async function ownerWithBlog(): Promise<{ owner: TestClient; blogId: string }> {
  const owner = await createOwner(app);
  return { owner, blogId: (await createBlog(owner)).id };
}

const importCsv = (owner: TestClient, blogId: string, csv: string, fileName?: string) =>
  owner.post<SubscriberImportResult & { issues?: { path: string; message: string }[] }>(
    `/api/blogs/${blogId}/subscribers/import`,
    { csv, fileName },
  );

const daysAgo = (n: number) => new Date(Date.now() - n * 24 * 60 * 60 * 1000);
const day = (at: Date) => at.toISOString().slice(0, 10);

describe("importing a list", () => {
  it("subscribes new addresses with the consent date the file carries", async () => {
    const { owner, blogId } = await ownerWithBlog();
    const res = await importCsv(
      owner,
      blogId,
      [
        "Email Address,Subscribed At,Status",
        "Ann@Example.com,2024-03-01,subscribed",
        "bob@example.com,2024-03-02T10:15:00Z,",
        "ann@example.com,2024-04-01,subscribed",
        "carl@example.com,,unsubscribed",
      ].join("\r\n"),
      "old-list.csv",
    );
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ added: 2, unchanged: 1, skipped: 1 });
    const rows = (await rowsOf(blogId)).sort((a, b) => a.email.localeCompare(b.email));
    expect(rows.map((r) => [r.email, r.status, r.confirmedAt?.toISOString()])).toEqual([
      ["ann@example.com", "subscribed", "2024-03-01T00:00:00.000Z"],
      ["bob@example.com", "subscribed", "2024-03-02T10:15:00.000Z"],
    ]);
    expect(rows[0]?.consentPage).toBe("import: old-list.csv");
    expect(rows[0]?.consentText).toBe(
      "Imported from a CSV file; the file recorded consent on 2024-03-01T00:00:00.000Z.",
    );

    // The same file again changes nothing.
    const again = await importCsv(owner, blogId, "email,consented_at\nbob@example.com,2024-05-01");
    expect(again.body).toEqual({ added: 0, unchanged: 1, skipped: 0 });
    const bob = (await rowsOf(blogId)).find((r) => r.email === "bob@example.com");
    expect(bob?.confirmedAt?.toISOString()).toBe("2024-03-02T10:15:00.000Z");
  });

  it("takes the file as a text/csv body, its name in X-File-Name", async () => {
    const { owner, blogId } = await ownerWithBlog();
    const res = await owner.request<SubscriberImportResult>(
      "POST",
      `/api/blogs/${blogId}/subscribers/import`,
      {
        raw: new TextEncoder().encode("email,created_at\nraw@example.com,2023-12-31 08:00:00\n"),
        headers: { "content-type": "text/csv", "x-file-name": encodeURIComponent("Liste été.csv") },
      },
    );
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ added: 1, unchanged: 0, skipped: 0 });
    const [row] = await rowsOf(blogId);
    expect(row?.consentPage).toBe("import: Liste été.csv");
    expect(row?.confirmedAt?.toISOString()).toBe("2023-12-31T08:00:00.000Z");
  });

  it("refuses a bad file whole, listing every problem with its line", async () => {
    const { owner, blogId } = await ownerWithBlog();
    const res = await importCsv(
      owner,
      blogId,
      [
        "email,consented_at,status",
        "good@example.com,2024-01-01,",
        "no-consent@example.com,,subscribed",
        "not-an-address,2024-01-01,",
        "late@example.com,2999-01-01,",
        "odd@example.com,2024-02-30,",
        "who@example.com,2024-01-01,maybe",
      ].join("\n"),
    );
    expect(res.status).toBe(400);
    expect(res.body.issues?.map((i) => i.message)).toEqual([
      "Line 3: the consent date is empty: an address is imported only with it",
      'Line 4: "not-an-address" is not an e-mail address',
      'Line 5: "2999-01-01" is not a consent date (YYYY-MM-DD or an ISO date and time, not ahead)',
      'Line 6: "2024-02-30" is not a consent date (YYYY-MM-DD or an ISO date and time, not ahead)',
      'Line 7: "maybe" is not a status (pending, subscribed, unsubscribed, bounced, complained)',
    ]);
    expect(await rowsOf(blogId)).toEqual([]);

    const noConsentColumn = await importCsv(owner, blogId, "email\nx@example.com\n");
    expect(noConsentColumn.status).toBe(400);
    expect(noConsentColumn.body.issues?.[0]?.message).toContain("no consent date column");
    const empty = await importCsv(owner, blogId, "email,consented_at\n");
    expect(empty.status).toBe(400);
    expect(await rowsOf(blogId)).toEqual([]);
  });

  it("never subscribes again an address that left", async () => {
    const { owner, blogId } = await ownerWithBlog();
    const left = new Date("2024-06-01T00:00:00Z");
    await app.db.insert(subscribers).values([
      { blogId, email: "gone@example.com", status: "unsubscribed", unsubscribedAt: left },
      { blogId, email: "bounced@example.com", status: "bounced" },
      { blogId, email: "waiting@example.com", status: "pending" },
    ]);
    const res = await importCsv(
      owner,
      blogId,
      "email,consented_at\ngone@example.com,2024-07-01\nbounced@example.com,2024-07-01\nwaiting@example.com,2024-07-01\nnew@example.com,2024-07-01\n",
    );
    expect(res.body).toEqual({ added: 1, unchanged: 1, skipped: 2 });
    const status = Object.fromEntries((await rowsOf(blogId)).map((r) => [r.email, r.status]));
    expect(status).toEqual({
      "gone@example.com": "unsubscribed",
      "bounced@example.com": "bounced",
      "waiting@example.com": "pending",
      "new@example.com": "subscribed",
    });
  });

  it("refuses a file over the row limit", async () => {
    const { owner, blogId } = await ownerWithBlog();
    const lines = ["email,consented_at"];
    for (let i = 0; i <= 50_000; i++) lines.push(`r${i}@example.com,2024-01-01`);
    const res = await owner.request<{ message: string }>(
      "POST",
      `/api/blogs/${blogId}/subscribers/import`,
      { raw: new TextEncoder().encode(lines.join("\n")), headers: { "content-type": "text/csv" } },
    );
    expect(res.status).toBe(400);
    expect(res.body.message).toContain("an import takes at most 50000");
    expect(await rowsOf(blogId)).toEqual([]);
  });
});

describe("the list", () => {
  it("pages newest first, searches addresses and filters by status, with counts", async () => {
    const { owner, blogId } = await ownerWithBlog();
    const lines = ["email,consented_at"];
    for (let i = 0; i < 60; i++)
      lines.push(`person${String(i).padStart(2, "0")}@example.com,2024-01-01`);
    await importCsv(owner, blogId, lines.join("\n"));
    await app.db.insert(subscribers).values([
      { blogId, email: "left_one@shop.example", status: "unsubscribed" },
      { blogId, email: "someone@shop.example", status: "pending" },
    ]);

    const first = await owner.get<SubscriberPage>(`/api/blogs/${blogId}/subscribers`);
    expect(first.status).toBe(200);
    expect(first.body.subscribers).toHaveLength(50);
    expect(first.body.counts).toEqual({
      all: 62,
      pending: 1,
      subscribed: 60,
      unsubscribed: 1,
      bounced: 0,
      complained: 0,
    });
    expect(first.body.nextCursor).toEqual(expect.any(String));
    const second = await owner.get<SubscriberPage>(
      `/api/blogs/${blogId}/subscribers?cursor=${first.body.nextCursor}`,
    );
    expect(second.body.subscribers).toHaveLength(12);
    expect(second.body.nextCursor).toBeNull();
    const all = [...first.body.subscribers, ...second.body.subscribers];
    expect(new Set(all.map((s) => s.id)).size).toBe(62);
    const created = all.map((s) => s.createdAt);
    expect(created).toEqual([...created].sort().reverse());

    const shop = await owner.get<SubscriberPage>(`/api/blogs/${blogId}/subscribers?search=SHOP`);
    expect(shop.body.subscribers.map((s) => s.email).sort()).toEqual([
      "left_one@shop.example",
      "someone@shop.example",
    ]);
    // A LIKE wildcard in the search is a character, not "any".
    const underscore = await owner.get<SubscriberPage>(`/api/blogs/${blogId}/subscribers?search=_`);
    expect(underscore.body.subscribers.map((s) => s.email)).toEqual(["left_one@shop.example"]);
    const pending = await owner.get<SubscriberPage>(
      `/api/blogs/${blogId}/subscribers?status=pending&search=shop`,
    );
    expect(pending.body.subscribers.map((s) => s.email)).toEqual(["someone@shop.example"]);
    expect(pending.body.counts.all).toBe(62);
    const person = pending.body.subscribers[0];
    expect(Object.keys(person ?? {}).sort()).toEqual([
      "consentPage",
      "consentText",
      "consentedAt",
      "createdAt",
      "email",
      "id",
      "status",
      "unsubscribedAt",
    ]);

    const bad = await owner.get(`/api/blogs/${blogId}/subscribers?status=gone&cursor=!!`);
    expect(bad.status).toBe(400);
  });

  it("counts the list over time from consents and departures", async () => {
    const { owner, blogId } = await ownerWithBlog();
    await importCsv(
      owner,
      blogId,
      [
        "email,consented_at",
        `old@example.com,${day(daysAgo(100))}`,
        `a@example.com,${daysAgo(5).toISOString()}`,
        `b@example.com,${daysAgo(5).toISOString()}`,
        `c@example.com,${daysAgo(2).toISOString()}`,
      ].join("\n"),
    );
    await app.db
      .update(subscribers)
      .set({ status: "unsubscribed", unsubscribedAt: daysAgo(1) })
      .where(and(eq(subscribers.blogId, blogId), eq(subscribers.email, "a@example.com")));

    const res = await owner.get<SubscriberGrowth>(
      `/api/blogs/${blogId}/subscribers/growth?days=10`,
    );
    expect(res.status).toBe(200);
    const byDay = new Map(res.body.days.map((d) => [d.day, d]));
    expect(res.body.days).toHaveLength(10);
    expect(res.body.days.at(-1)?.day).toBe(day(new Date()));
    expect(res.body.days[0]).toMatchObject({ subscribed: 1, joined: 0, left: 0 });
    expect(byDay.get(day(daysAgo(5)))).toMatchObject({ subscribed: 3, joined: 2, left: 0 });
    expect(byDay.get(day(daysAgo(2)))).toMatchObject({ subscribed: 4, joined: 1 });
    expect(byDay.get(day(daysAgo(1)))).toMatchObject({ subscribed: 3, joined: 0, left: 1 });
    expect(res.body.days.at(-1)?.subscribed).toBe(3);

    const tooMany = await owner.get(`/api/blogs/${blogId}/subscribers/growth?days=5000`);
    expect(tooMany.status).toBe(400);
  });

  it("exports the list as CSV with formulas defused", async () => {
    const { owner, blogId } = await ownerWithBlog();
    await importCsv(owner, blogId, "email,consented_at\nplain@example.com,2024-01-02\n", "a.csv");
    const unsubscribedAt = new Date("2024-05-01T12:00:00Z");
    await app.db.insert(subscribers).values({
      blogId,
      email: "-tricky@example.com",
      status: "unsubscribed",
      consentPage: '=HYPERLINK("http://evil")',
      consentText: "Get posts, by e-mail",
      confirmedAt: new Date("2024-02-01T00:00:00Z"),
      unsubscribedAt,
      createdAt: new Date(Date.now() + 1000),
    });
    const res = await owner.get(`/api/blogs/${blogId}/subscribers/export.csv`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/csv");
    expect(res.headers.get("content-disposition")).toMatch(
      /^attachment; filename=".+-subscribers-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(parseCsv(res.text)).toEqual([
      ["email", "status", "consented_at", "consent_page", "consent_text", "unsubscribed_at"],
      [
        "plain@example.com",
        "subscribed",
        "2024-01-02T00:00:00.000Z",
        "import: a.csv",
        "Imported from a CSV file; the file recorded consent on 2024-01-02T00:00:00.000Z.",
        "",
      ],
      [
        "'-tricky@example.com",
        "unsubscribed",
        "2024-02-01T00:00:00.000Z",
        '\'=HYPERLINK("http://evil")',
        "Get posts, by e-mail",
        "2024-05-01T12:00:00.000Z",
      ],
    ]);
  });
});

describe("deleting addresses", () => {
  it("deletes one address of a blog", async () => {
    const { owner, blogId } = await ownerWithBlog();
    await importCsv(
      owner,
      blogId,
      "email,consented_at\none@example.com,2024-01-01\ntwo@example.com,2024-01-01\n",
    );
    const [one] = (await rowsOf(blogId)).filter((r) => r.email === "one@example.com");
    const res = await owner.delete(`/api/blogs/${blogId}/subscribers/${one?.id}`);
    expect(res.status).toBe(204);
    expect((await rowsOf(blogId)).map((r) => r.email)).toEqual(["two@example.com"]);
    expect((await owner.delete(`/api/blogs/${blogId}/subscribers/${one?.id}`)).status).toBe(404);
  });

  it("erases an address from every blog of the owner, and from no one else's", async () => {
    const { owner, blogId } = await ownerWithBlog();
    const second = (await createBlog(owner)).id;
    const other = await ownerWithBlog();
    const csv = "email,consented_at\nasked@example.com,2024-01-01\nstays@example.com,2024-01-01\n";
    await importCsv(owner, blogId, csv);
    await importCsv(owner, second, csv);
    await importCsv(other.owner, other.blogId, csv);

    const res = await owner.post<{ deleted: number }>("/api/subscribers/erase", {
      email: " Asked@Example.com ",
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ deleted: 2 });
    for (const id of [blogId, second]) {
      expect((await rowsOf(id)).map((r) => r.email)).toEqual(["stays@example.com"]);
    }
    expect((await rowsOf(other.blogId)).map((r) => r.email).sort()).toEqual([
      "asked@example.com",
      "stays@example.com",
    ]);
    const again = await owner.post<{ message: string }>("/api/subscribers/erase", {
      email: "asked@example.com",
    });
    expect(again.status).toBe(404);
    expect(again.body.message).toContain("none of your blogs");
    expect((await owner.post("/api/subscribers/erase", { email: "nope" })).status).toBe(400);
  });
});

describe("who may", () => {
  it("answers another owner's blog as missing and refuses the blog's team", async () => {
    const { owner, blogId } = await ownerWithBlog();
    await importCsv(owner, blogId, "email,consented_at\nmine@example.com,2024-01-01\n");
    const [row] = await rowsOf(blogId);
    const stranger = await createOwner(app);
    const editor = await createMember(app, blogId, "editor");
    const base = `/api/blogs/${blogId}/subscribers`;
    for (const [client, status] of [
      [stranger, 404],
      [editor, 403],
    ] as const) {
      expect((await client.get(base)).status).toBe(status);
      expect((await client.get(`${base}/growth`)).status).toBe(status);
      expect((await client.get(`${base}/export.csv`)).status).toBe(status);
      expect(
        (await importCsv(client, blogId, "email,consented_at\nx@example.com,2024-01-01")).status,
      ).toBe(status);
      expect((await client.delete(`${base}/${row?.id}`)).status).toBe(status);
    }
    expect(
      (await editor.post("/api/subscribers/erase", { email: "mine@example.com" })).status,
    ).toBe(404);
    expect((await rowsOf(blogId)).map((r) => r.email)).toEqual(["mine@example.com"]);
  });
});
