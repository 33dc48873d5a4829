import { type SQL, sql } from "drizzle-orm";
import type { ThemeCitation } from "../../../site-builder/theme/lib/site.ts";
import type { Database } from "../../db/client.ts";
import { isPostgres, rawRows } from "../../db/query.ts";

/** Posts per query when they are named (bound parameters stay far below SQLite's limit). */
const idsPerQuery = 500;

type SourceRow = {
  postId: string;
  /** The source's place in the stored list. */
  at: number | string;
  url: unknown;
  title: unknown;
  number: unknown;
  /** The JSON type of `number`: "null" when the source is kept but not shown. */
  numberType: string | null;
};

/**
 * One row per stored source (post_research.sources, decision 333), with only its address,
 * title and number read out of the JSON: a source also keeps the text the post was written
 * from (kilobytes each), which a render never needs. Entries that are not objects, and lists
 * that are not arrays, give no rows.
 */
function sourceRows(db: Database, filter: (postId: SQL) => SQL): Promise<SourceRow[]> {
  if (isPostgres(db)) {
    return rawRows<SourceRow>(
      db,
      sql`select r.post_id as "postId", s.at as "at",
            case when jsonb_typeof(s.v -> 'url') = 'string' then s.v ->> 'url' end as "url",
            case when jsonb_typeof(s.v -> 'title') = 'string' then s.v ->> 'title' end as "title",
            case when jsonb_typeof(s.v -> 'number') = 'number'
              then (s.v ->> 'number')::float8 end as "number",
            jsonb_typeof(s.v -> 'number') as "numberType"
          from post_research r
          cross join lateral jsonb_array_elements(
            case when jsonb_typeof(r.sources) = 'array' then r.sources else '[]'::jsonb end
          ) with ordinality as s(v, at)
          where ${filter(sql`r.post_id`)} and jsonb_typeof(s.v) = 'object'`,
    );
  }
  return rawRows<SourceRow>(
    db,
    sql`select r.post_id as "postId", s.key as "at",
          case when json_type(s.value, '$.url') = 'text'
            then json_extract(s.value, '$.url') end as "url",
          case when json_type(s.value, '$.title') = 'text'
            then json_extract(s.value, '$.title') end as "title",
          case when json_type(s.value, '$.number') in ('integer', 'real')
            then json_extract(s.value, '$.number') end as "number",
          json_type(s.value, '$.number') as "numberType"
        from post_research r, json_each(r.sources) s
        where ${filter(sql`r.post_id`)} and json_valid(r.sources)
          and json_type(r.sources) = 'array' and s.type = 'object'`,
  );
}

const httpAddress = (text: string) => {
  try {
    const url = new URL(text);
    return url.protocol === "http:" || url.protocol === "https:" ? url : undefined;
  } catch {
    return undefined;
  }
};

/**
 * The sources readers can follow, per post: those with an http(s) address and a title, in
 * the order of the post's Sources list (the number readers see, then the stored order), one
 * per address. A source stored with a null number (not cited, or the owner's note) is not on
 * the page and is left out; a source without a number at all (an older shape) is kept.
 */
export function citationsFromRows(rows: SourceRow[]): Map<string, ThemeCitation[]> {
  const found = new Map<string, (ThemeCitation & { number: number; at: number })[]>();
  for (const row of rows) {
    if (typeof row.url !== "string" || typeof row.title !== "string") continue;
    if (row.numberType === "null") continue;
    const url = row.url.trim();
    const address = httpAddress(url);
    if (!address) continue;
    const list = found.get(row.postId) ?? [];
    found.set(row.postId, list);
    list.push({
      url,
      name: row.title.trim() || address.host,
      number: typeof row.number === "number" ? row.number : Number.POSITIVE_INFINITY,
      at: Number(row.at),
    });
  }
  const citations = new Map<string, ThemeCitation[]>();
  for (const [postId, list] of found) {
    list.sort((a, b) => a.number - b.number || a.at - b.at);
    const seen = new Set<string>();
    const unique: ThemeCitation[] = [];
    for (const { url, name } of list) {
      if (seen.has(url)) continue;
      seen.add(url);
      unique.push({ url, name });
    }
    citations.set(postId, unique);
  }
  return citations;
}

/**
 * The citations of the blog's posts, read in batches for a snapshot: every published post of
 * the blog (`"published"`, one query) or the posts named (a query per 500). Posts without
 * research have no entry.
 */
export async function loadCitations(
  db: Database,
  blogId: string,
  posts: "published" | readonly string[],
): Promise<Map<string, ThemeCitation[]>> {
  if (posts === "published") {
    return citationsFromRows(
      await sourceRows(
        db,
        (postId) =>
          sql`${postId} in (select id from posts where blog_id = ${blogId} and status = 'published')`,
      ),
    );
  }
  const rows: SourceRow[] = [];
  for (let i = 0; i < posts.length; i += idsPerQuery) {
    const ids = posts.slice(i, i + idsPerQuery);
    rows.push(
      ...(await sourceRows(
        db,
        (postId) =>
          sql`${postId} in (${sql.join(
            ids.map((id) => sql`${id}`),
            sql`, `,
          )})`,
      )),
    );
  }
  return citationsFromRows(rows);
}
