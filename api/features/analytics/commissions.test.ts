import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BlogAnalytics, CommissionImportResult } from "../../../contracts/analytics.ts";
import { createBlog, createOwner, createPublishedPost } from "../../test/factories.ts";
import { startTestApp, type TestApp, type TestClient } from "../../test/harness.ts";
import { rawGet } from "../../test/raw-http.ts";
import { parseAmount, parseCsv, parseDay } from "./commissions.ts";

let app: TestApp;
const now = new Date("2030-05-10T10:00:00.000Z");
beforeAll(async () => {
  app = await startTestApp({
    publishing: true,
    clock: () => now,
    env: { BLOG_DOMAIN: "blogs.test" },
  });
});
afterAll(() => app.close());

const chrome =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36";

/** A reader following `/go/{id}?p={post}` as a top-level navigation. */
const follow = async (host: string, path: string) => {
  const reply = await rawGet(app.baseUrl, path, {
    host,
    "user-agent": chrome,
    "sec-fetch-mode": "navigate",
    "sec-fetch-dest": "document",
  });
  return { status: reply.status, location: reply.headers.location };
};

async function setUp(owner: TestClient, subdomain: string) {
  const blog = await createBlog(owner);
  await owner.patch(`/api/blogs/${blog.id}/domain`, { subdomain });
  const b = (await owner.get<{ slug: string }>(`/api/blogs/${blog.id}`)).body;
  const post = await createPublishedPost(owner, blog.id, {
    title: "Rain barrels",
    slug: "rain-barrels",
  });
  return { blog: { ...blog, slug: b.slug }, post, host: `${subdomain}.blogs.test` };
}

const importCsv = (owner: TestClient, body: Record<string, unknown>) =>
  owner.post<CommissionImportResult & { issues?: { path: string; message: string }[] }>(
    "/api/commissions/import",
    body,
  );

describe("sub-IDs on affiliate redirects (issue 18)", () => {
  it("puts the template, filled for the post and blog, into the network's parameter", async () => {
    const owner = await createOwner(app);
    const { blog, post, host } = await setUp(owner, "subid");
    const link = await owner.post<{ id: string; subIdParam: string; subIdTemplate: string }>(
      "/api/affiliate-links",
      {
        blogId: blog.id,
        keyword: "barrel",
        url: "https://www.amazon.com/dp/B0001?tag=old-20&th=1",
        subIdParam: "tag",
        subIdTemplate: "{blog}-{post}",
      },
    );
    expect(link.status).toBe(201);
    expect(link.body).toMatchObject({ subIdParam: "tag", subIdTemplate: "{blog}-{post}" });
    const clicked = await follow(host, `/go/${link.body.id}?p=${post.id}`);
    expect(clicked.status).toBe(302);
    expect(clicked.location).toBe(
      `https://www.amazon.com/dp/B0001?tag=${blog.slug}-rain-barrels&th=1`,
    );
    // Without a known post the link is left as the owner wrote it.
    expect((await follow(host, `/go/${link.body.id}`)).location).toBe(
      "https://www.amazon.com/dp/B0001?tag=old-20&th=1",
    );
    const bad = await owner.patch(`/api/affiliate-links/${link.body.id}`, {
      subIdTemplate: "nothing",
      subIdParam: "a b",
    });
    expect(bad.status).toBe(400);
    expect((bad.body as { issues: unknown[] }).issues).toHaveLength(2);
  });
});

describe("commission report import (issue 18)", () => {
  const presets = {
    amazon: (sub: string) =>
      `Fee-Earnings reports from 05-01-2030 to 05-31-2030\nCategory,Name,ASIN,Seller,Tracking ID,Date Shipped,Price($),Items Shipped,Returns,Revenue($),Ad Fees($),Device Type Group\nHome,"Barrel, 50 gal",B0001,Amazon,${sub},05/03/2030,89.99,1,0,89.99,2.70,DESKTOP\nHome,Lid,B0002,Amazon,unknown-tag,05/04/2030,9.99,1,0,9.99,0.30,PHONE\n`,
    impact: (sub: string) =>
      `Action Id,Campaign,Action Date,Sale Amount,Payout,Currency,SubId1,Status\n1001.2002.3003,Garden Co,2030-05-03T11:00:00-07:00,120.00,12.00,USD,${sub},APPROVED\n`,
    cj: (sub: string) =>
      `Commission ID,Event Date,Advertiser Name,Action Type,SID,Sale Amount (USD),Publisher Commission (USD)\n3344556677,2030-05-04 09:10:00,Garden Co,sale,${sub},"1,000.00",$40.50\n`,
    awin: (sub: string) =>
      `Transaction ID,Transaction Date,Advertiser Name,Click Ref,Sale Amount,Commission Amount,Currency,Status\n998877,04/05/2030 10:00,Garden UK,${sub},50.00,"5,25",GBP,pending\n`,
  };
  const expected = { amazon: 2.7, impact: 12, cj: 40.5, awin: 5.25 };

  for (const network of ["amazon", "impact", "cj", "awin"] as const) {
    it(`reads ${network}'s report with its preset and shows revenue per post`, async () => {
      const owner = await createOwner(app);
      const { blog, post } = await setUp(owner, `rev-${network}`);
      const csv = presets[network](`${blog.slug}-rain-barrels`);
      const res = await importCsv(owner, { network, csv });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body).toMatchObject({
        imported: 1,
        duplicates: 0,
        unmatched: network === "amazon" ? 1 : 0,
      });
      // The same report again adds nothing.
      expect((await importCsv(owner, { network, csv })).body).toMatchObject({
        imported: 0,
        duplicates: 1,
      });
      const report = (await owner.get<BlogAnalytics>(`/api/blogs/${blog.id}/analytics?range=30d`))
        .body;
      expect(report.revenue.total).toBe(expected[network]);
      expect(report.revenue.currency).toBe(network === "awin" ? "GBP" : "USD");
      expect(report.revenue.byPost).toEqual([
        expect.objectContaining({
          postId: post.id,
          title: "Rain barrels",
          revenue: expected[network],
        }),
      ]);
    });
  }

  it("maps another network's columns once and keeps the mapping", async () => {
    const owner = await createOwner(app);
    const { blog } = await setUp(owner, "rev-other");
    const csv = `ref,earned,when\nrain-barrels,"3.10",2030-05-05\n`;
    const first = await importCsv(owner, { network: "other", csv });
    expect(first.status).toBe(400);
    const mapped = await importCsv(owner, {
      network: "other",
      csv,
      mapping: { subId: "ref", amount: "earned", date: "when" },
    });
    expect(mapped.body).toMatchObject({ imported: 1 });
    const again = await importCsv(owner, {
      network: "other",
      csv: `ref,earned,when\nrain-barrels,1.00,2030-05-06\n`,
    });
    expect(again.body).toMatchObject({ imported: 1, mapping: { subId: "ref", amount: "earned" } });
    const report = (await owner.get<BlogAnalytics>(`/api/blogs/${blog.id}/analytics?range=7d`))
      .body;
    expect(report.revenue.total).toBe(4.1);
  });

  it("refuses a bad file whole, listing every problem", async () => {
    const owner = await createOwner(app);
    const { blog } = await setUp(owner, "rev-bad");
    const missing = await importCsv(owner, { network: "impact", csv: "Action Id,SubId1\n1,x\n" });
    expect(missing.status).toBe(400);
    expect(missing.body.issues?.map((i) => i.path)).toEqual(["mapping.amount"]);
    const rows = await importCsv(owner, {
      network: "impact",
      csv: `Action Id,Action Date,Payout,SubId1\n1,2030-05-01,abc,${blog.slug}-rain-barrels\n2,yesterday-ish,1.00,x\n3,2030-05-01,2.00,${blog.slug}-rain-barrels\n`,
    });
    expect(rows.status).toBe(400);
    expect(rows.body.issues?.map((i) => i.path)).toEqual(["csv.line2", "csv.line3"]);
    const report = (await owner.get<BlogAnalytics>(`/api/blogs/${blog.id}/analytics`)).body;
    expect(report.revenue.total).toBe(0);
    expect((await importCsv(owner, { network: "ebay", csv: "" })).body.issues).toHaveLength(2);
  });

  it("parses CSV, amounts and dates as the networks write them", () => {
    expect(parseCsv('a,"b ""q"", c"\r\n1,"line\nbreak"\n\n')).toEqual([
      ["a", 'b "q", c'],
      ["1", "line\nbreak"],
    ]);
    expect([
      parseAmount("$1,234.56"),
      parseAmount("(2.10)"),
      parseAmount("12,50"),
      parseAmount("-"),
    ]).toEqual([123456, -210, 1250, undefined]);
    expect([
      parseDay("05/03/2030", false),
      parseDay("04/05/2030", true),
      parseDay("2030-05-01T00:00", false),
    ]).toEqual(["2030-05-03", "2030-05-04", "2030-05-01"]);
  });
});
