import { type SQL, sql } from "drizzle-orm";
import { excerptFromContent } from "../../content/excerpt.ts";
import type { Queryable } from "../../db/client.ts";
import { isPostgres, rawRows } from "../../db/query.ts";
import type { SearchTerm } from "./match.ts";

/** A published post of the blog that a section may link to. */
export type CandidatePost = {
  id: string;
  title: string;
  slug: string;
  keywords: string[];
  /** What the post is about beyond its title: its excerpt, else its meta description or opening. */
  summary: string;
};

type Row = {
  id: string;
  title: string;
  slug: string;
  excerpt: string;
  metaDescription: string | null;
  keywords: string | string[] | null;
  /** The start of the body, read only when the excerpt is blank. */
  bodyStart: string | null;
};

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
/** A term as one FTS5 string (found anywhere in the column, as the trigram index reads it). */
const ftsString = (text: string) => `"${text.replace(/"/g, '""')}"`;

const keywordsOf = (value: Row["keywords"]): string[] => {
  if (Array.isArray(value)) return value;
  try {
    const parsed: unknown = JSON.parse(value ?? "[]");
    return Array.isArray(parsed) ? parsed.filter((k): k is string => typeof k === "string") : [];
  } catch {
    return [];
  }
};

/**
 * The blog's published posts whose titles hold any of the terms, best first, at most `limit`:
 * the full-text index All Posts searches with (decisions 100, 182). On SQLite the FTS5 trigram
 * table's bm25 ranks them; on PostgreSQL, where the pg_trgm indexes answer the same substring
 * match but give no such rank, the terms' weights found in each title add up. Only status
 * 'published' counts: drafts, posts scheduled for later (drafts until they publish) and posts
 * under review never do, and a deleted post has no row.
 */
export async function searchPublishedTitles(
  db: Queryable,
  options: { blogId: string; terms: SearchTerm[]; exclude: readonly string[]; limit: number },
): Promise<CandidatePost[]> {
  const terms = options.terms.filter((t) => Array.from(t.stem).length >= 3);
  if (terms.length === 0) return [];
  const excluded: SQL =
    options.exclude.length > 0
      ? sql`and p.id not in (${sql.join(
          options.exclude.map((id) => sql`${id}`),
          sql`, `,
        )})`
      : sql``;
  const columns = sql`p.id as "id", p.title as "title", p.slug as "slug", p.excerpt as "excerpt",
    p.meta_description as "metaDescription", p.keywords as "keywords",
    case when p.excerpt = '' then substr(p.content, 1, 2000) else null end as "bodyStart"`;
  let rows: Row[];
  if (isPostgres(db)) {
    const patterns = terms.map((t) => likePattern(t.stem));
    // Each title is folded once (materialized), not once per term: the weights of the terms
    // found in it add up to its rank.
    const rank = sql.join(
      terms.map(
        (t, i) =>
          sql`(case when m.folded like blogfleet_fold(${patterns[i]}) escape '\\' then ${t.weight}::integer else 0 end)`,
      ),
      sql` + `,
    );
    rows = await rawRows<Row>(
      db,
      sql`with m as materialized (
            select ${columns}, p.published_at, blogfleet_fold(p.title) as folded from posts p
            where p.blog_id = ${options.blogId} and p.status = 'published' ${excluded}
              and (${sql.join(
                patterns.map(
                  (pattern) =>
                    sql`blogfleet_fold(p.title) like blogfleet_fold(${pattern}) escape '\\'`,
                ),
                sql` or `,
              )})
          )
          select m."id", m."title", m."slug", m."excerpt", m."metaDescription", m."keywords",
            m."bodyStart"
          from m order by ${rank} desc, m.published_at desc, m."id"
          limit ${options.limit}`,
    );
  } else {
    const query = `title : (${terms.map((t) => ftsString(t.stem)).join(" OR ")})`;
    rows = await rawRows<Row>(
      db,
      sql`select ${columns} from posts_fts f join posts p on p.rowid = f.rowid
          where posts_fts match ${query} and p.blog_id = ${options.blogId}
            and p.status = 'published' ${excluded}
          order by f.rank, p.published_at desc, p.id
          limit ${options.limit}`,
    );
  }
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    slug: row.slug,
    keywords: keywordsOf(row.keywords),
    summary: row.excerpt || row.metaDescription || excerptFromContent(row.bodyStart ?? ""),
  }));
}
