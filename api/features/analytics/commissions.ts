import { createHash } from "node:crypto";
import { and, eq, inArray } from "drizzle-orm";
import type {
  CommissionImportResult,
  CommissionMapping,
  CommissionNetwork,
  ImportCommissionsInput,
} from "../../../contracts/analytics.ts";
import { parseCsv } from "../../../contracts/csv.ts";
import type { Database } from "../../db/client.ts";
import { first } from "../../db/query.ts";
import {
  affiliateLinks,
  blogs,
  commissionMappings,
  commissions,
  postSlugHistory,
  posts,
} from "../../db/schema.ts";
import { ValidationFailed } from "../../http/errors.ts";
import { readSubId, withoutIssueSuffix } from "../affiliate-links/sub-id.ts";

/**
 * Column presets of each network's commission report as exported from its dashboard (decision
 * 133 lists what was assumed). Headers are compared without case, spaces or punctuation, and a
 * header that starts with the preset's name matches too ("Publisher Commission (USD)").
 */
export const commissionPresets: Record<
  Exclude<CommissionNetwork, "other">,
  CommissionMapping & { currencyDefault: string; dayFirst: boolean }
> = {
  // Associates Central → Reports → Earnings report (CSV): one row per item shipped.
  amazon: {
    subId: "Tracking ID",
    amount: "Ad Fees",
    date: "Date Shipped",
    currencyDefault: "USD",
    dayFirst: false,
  },
  // Impact → Reports → Actions (CSV): one row per action.
  impact: {
    subId: "SubId1",
    amount: "Payout",
    date: "Action Date",
    id: "Action Id",
    currency: "Currency",
    currencyDefault: "USD",
    dayFirst: false,
  },
  // CJ → Reports → Commission Detail (CSV).
  cj: {
    subId: "SID",
    amount: "Publisher Commission",
    date: "Event Date",
    id: "Commission ID",
    currencyDefault: "USD",
    dayFirst: false,
  },
  // Awin → Reports → Transactions (CSV).
  awin: {
    subId: "Click Ref",
    amount: "Commission Amount",
    date: "Transaction Date",
    id: "Transaction ID",
    currency: "Currency",
    currencyDefault: "GBP",
    dayFirst: true,
  },
};

/** The CSV reader moved to contracts/csv.ts (subscriber imports read with it too). */
export { parseCsv };

const norm = (header: string) => header.toLowerCase().replace(/[^a-z0-9]/g, "");

/** The column index of `name` among `headers`, exact first, then by prefix. */
function columnOf(headers: string[], name: string): number {
  const wanted = norm(name);
  const exact = headers.findIndex((h) => norm(h) === wanted);
  return exact !== -1 ? exact : headers.findIndex((h) => norm(h).startsWith(wanted));
}

/** An amount such as `$1,234.56`, `-2.10`, `(2.10)` or `12,50`, in minor units. */
export function parseAmount(text: string): number | undefined {
  let value = text.trim();
  const negative = /^\(.*\)$/.test(value) || value.includes("-");
  value = value.replace(/[^0-9.,]/g, "");
  if (value === "") return undefined;
  if (value.includes(",") && value.includes(".")) value = value.replace(/,/g, "");
  else if (/,\d{1,2}$/.test(value)) value = value.replace(",", ".");
  else value = value.replace(/,/g, "");
  const number = Number(value);
  if (!Number.isFinite(number)) return undefined;
  return Math.round(number * 100) * (negative ? -1 : 1);
}

/** A report's date as 'YYYY-MM-DD' (ISO, or M/D/YYYY; D/M/YYYY where the network writes so). */
export function parseDay(text: string, dayFirst: boolean): string | undefined {
  const iso = /^(\d{4})-(\d{2})-(\d{2})/.exec(text.trim());
  if (iso) return `${iso[1]}-${iso[2]}-${iso[3]}`;
  const slashed = /^(\d{1,2})[/.](\d{1,2})[/.](\d{4})/.exec(text.trim());
  if (slashed) {
    const [a, b] = [Number(slashed[1]), Number(slashed[2])];
    const [month, day] = dayFirst ? [b, a] : [a, b];
    if (month < 1 || month > 12 || day < 1 || day > 31) return undefined;
    return `${slashed[3]}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
  }
  const parsed = Date.parse(text);
  return Number.isNaN(parsed) ? undefined : new Date(parsed).toISOString().slice(0, 10);
}

type Target = { blogId: string; postId: string; linkId: string | null };

/** Resolves sub-IDs to the owner's posts (and links) by the templates of the owner's links. */
async function subIdResolver(db: Database, ownerId: string) {
  const owned = await db
    .select({ id: blogs.id, slug: blogs.slug })
    .from(blogs)
    .where(eq(blogs.ownerId, ownerId));
  const ids = owned.map((b) => b.id);
  const links =
    ids.length === 0
      ? []
      : await db
          .select({
            id: affiliateLinks.id,
            blogId: affiliateLinks.blogId,
            template: affiliateLinks.subIdTemplate,
          })
          .from(affiliateLinks)
          .where(inArray(affiliateLinks.blogId, ids));
  const slugs = new Map<string, Map<string, string>>();
  for (const id of ids) slugs.set(id, new Map());
  if (ids.length > 0) {
    for (const p of await db
      .select({ id: posts.id, blogId: posts.blogId, slug: posts.slug })
      .from(posts)
      .where(inArray(posts.blogId, ids)))
      slugs.get(p.blogId)?.set(p.slug.toLowerCase(), p.id);
    // Former slugs: a post renamed after the click still gets its commission.
    for (const h of await db
      .select({
        postId: postSlugHistory.postId,
        blogId: postSlugHistory.blogId,
        slug: postSlugHistory.slug,
      })
      .from(postSlugHistory)
      .where(inArray(postSlugHistory.blogId, ids))) {
      const known = slugs.get(h.blogId);
      if (known && !known.has(h.slug.toLowerCase())) known.set(h.slug.toLowerCase(), h.postId);
    }
  }
  const slugOf = new Map(owned.map((b) => [b.id, b.slug]));
  // Each link's own template first; then the two usual ones for every blog.
  const candidates = [
    ...links
      .filter((l) => l.template)
      .map((l) => ({ blogId: l.blogId, template: l.template as string, link: l.id })),
    ...owned.flatMap((b) => [
      { blogId: b.id, template: "{blog}-{post}", link: undefined },
      { blogId: b.id, template: "{post}", link: undefined },
    ]),
  ];
  const linksOf = (blogId: string, template: string) =>
    links.filter((l) => l.blogId === blogId && l.template === template);
  const match = (subId: string): Target | undefined => {
    for (const candidate of candidates) {
      const read = readSubId(candidate.template, slugOf.get(candidate.blogId) ?? "", subId);
      if (!read?.post) continue;
      const postId = slugs.get(candidate.blogId)?.get(read.post.toLowerCase());
      if (!postId) continue;
      const sameTemplate = linksOf(candidate.blogId, candidate.template);
      const linkId = read.link
        ? (sameTemplate.find((l) => l.id === read.link)?.id ?? null)
        : candidate.link && sameTemplate.length === 1
          ? candidate.link
          : null;
      return { blogId: candidate.blogId, postId, linkId };
    }
    return undefined;
  };
  // A click from a newsletter issue carries the issue's suffix after the template's sub-ID.
  return (subId: string): Target | undefined =>
    match(subId) ?? match(withoutIssueSuffix(subId).subId);
}

/**
 * Imports one network's commission report for all the owner's blogs: each row's sub-ID names
 * the post (and link) that earned it. A bad file (missing columns, unreadable amounts or dates)
 * is refused whole, listing every problem; importing the same report again adds nothing.
 */
export async function importCommissions(
  { db, clock = () => new Date() }: { db: Database; clock?: () => Date },
  ownerId: string,
  input: ImportCommissionsInput,
): Promise<CommissionImportResult> {
  const preset = input.network === "other" ? undefined : commissionPresets[input.network];
  const saved = await first(
    db
      .select({ mapping: commissionMappings.mapping })
      .from(commissionMappings)
      .where(
        and(eq(commissionMappings.ownerId, ownerId), eq(commissionMappings.network, input.network)),
      ),
  );
  const mapping = (input.mapping ?? saved?.mapping ?? preset) as CommissionMapping | undefined;
  if (!mapping) {
    throw ValidationFailed([
      { path: "mapping", message: "Map the columns once for this network (sub-ID and commission)" },
    ]);
  }
  const table = parseCsv(input.csv);
  // Some exports (Amazon's) start with a title line: the header is the first row naming the sub-ID.
  const headerAt = table.findIndex((row) => columnOf(row, mapping.subId) !== -1);
  const problems: { path: string; message: string }[] = [];
  const headers = headerAt === -1 ? (table[0] ?? []) : (table[headerAt] as string[]);
  const column = (field: keyof CommissionMapping, required: boolean) => {
    const name = mapping[field];
    if (!name) return -1;
    const at = columnOf(headers, name);
    if (at === -1 && required)
      problems.push({ path: `mapping.${field}`, message: `No column "${name}" in the file` });
    return at;
  };
  const subIdCol = column("subId", true);
  const amountCol = column("amount", true);
  const dateCol = column("date", false);
  const idCol = column("id", false);
  const currencyCol = column("currency", false);
  if (problems.length > 0) throw ValidationFailed(problems);

  const dayFirst = preset?.dayFirst ?? false;
  const today = clock().toISOString().slice(0, 10);
  const resolve = await subIdResolver(db, ownerId);
  const seen = new Map<string, number>();
  const rows: (typeof commissions.$inferInsert)[] = [];
  let unmatched = 0;
  const body = table.slice(headerAt + 1);
  body.forEach((row, i) => {
    const line = headerAt + i + 2;
    const subId = (row[subIdCol] ?? "").trim();
    const amount = parseAmount(row[amountCol] ?? "");
    const rawDate = dateCol === -1 ? "" : (row[dateCol] ?? "").trim();
    const day = rawDate === "" ? today : parseDay(rawDate, dayFirst);
    if (amount === undefined)
      problems.push({
        path: `csv.line${line}`,
        message: `Line ${line}: the commission "${row[amountCol] ?? ""}" is not an amount`,
      });
    if (day === undefined)
      problems.push({
        path: `csv.line${line}`,
        message: `Line ${line}: "${rawDate}" is not a date`,
      });
    if (amount === undefined || day === undefined) return;
    const target = subId === "" ? undefined : resolve(subId);
    if (!target) {
      unmatched++;
      return;
    }
    // Without a transaction id (Amazon), the row itself and its repeat count identify it.
    const base =
      idCol !== -1 && row[idCol]
        ? (row[idCol] as string).trim()
        : createHash("sha256").update(row.join("\u0000")).digest("base64url").slice(0, 24);
    const repeat = seen.get(base) ?? 0;
    seen.set(base, repeat + 1);
    const currency =
      (currencyCol !== -1 ? (row[currencyCol] ?? "").trim().toUpperCase() : "") ||
      input.currency ||
      preset?.currencyDefault ||
      "USD";
    rows.push({
      blogId: target.blogId,
      postId: target.postId,
      linkId: target.linkId,
      network: input.network,
      externalId: repeat === 0 ? base : `${base}#${repeat}`,
      subId,
      day,
      amountMinor: amount,
      currency: /^[A-Z]{3}$/.test(currency) ? currency : "USD",
    });
  });
  if (problems.length > 0) throw ValidationFailed(problems);

  const stored =
    (mapping === preset ? undefined : mapping) ?? (input.mapping ? mapping : undefined);
  const imported = await db.transaction(async (tx) => {
    let added = 0;
    for (let i = 0; i < rows.length; i += 200) {
      const result = await tx
        .insert(commissions)
        .values(rows.slice(i, i + 200))
        .onConflictDoNothing()
        .returning({ id: commissions.id });
      added += result.length;
    }
    if (stored) {
      const { subId, amount, date, id, currency } = stored;
      const clean = Object.fromEntries(
        Object.entries({ subId, amount, date, id, currency }).filter(([, v]) => v),
      ) as Record<string, string>;
      await tx
        .insert(commissionMappings)
        .values({ ownerId, network: input.network, mapping: clean })
        .onConflictDoUpdate({
          target: [commissionMappings.ownerId, commissionMappings.network],
          set: { mapping: clean },
        });
    }
    return added;
  });
  const { subId, amount, date, id, currency } = mapping;
  return {
    rows: body.length,
    imported,
    duplicates: rows.length - imported,
    unmatched,
    mapping: { subId, amount, date, id, currency },
  };
}
