import { and, asc, desc, eq, inArray, type SQL, sql } from "drizzle-orm";
import {
  defaultPostSort,
  type PostSort,
  parsePostSort,
  type SortDirection,
} from "../../../contracts/post-list.ts";
import type { Queryable } from "../../db/client.ts";
import { analyticsDaily, categories, posts, users } from "../../db/schema.ts";
import { ValidationFailed } from "../../http/errors.ts";

type CursorValue = string | number;

/**
 * The order of one page of All Posts (decision 355), sorted on the server so paging by cursor
 * works for every column: the column, then newest first, then the id, each compared in SQL.
 * A page's cursor holds the last row's values of those keys; the next page starts after them.
 */
export type PageOrder = {
  by: SQL[];
  /** The sorted column's value, selected with each row (for the cursor). */
  value: SQL<unknown>;
  /** Rows after the cursor's row, in this order. */
  after: (cursor: string) => SQL;
  cursorOf: (row: { id: string; createdAt: string; sortValue: unknown }) => string;
  /** Joins the sort needs (the views of the blog's posts), applied to the page's query. */
  withJoins: <Q extends JoinableQuery>(query: Q) => Q;
};

// biome-ignore lint/suspicious/noExplicitAny: drizzle's dynamic select builder, whatever its selection
type JoinableQuery = { leftJoin: (...args: any[]) => any };

/**
 * Views are the Performance screen's own figures: the `post` dimension of the daily totals,
 * summed over every day kept, read once per page for the whole blog.
 */
function postViewsOf(db: Queryable, blogId: string) {
  return db
    .select({
      postId: sql<string>`${analyticsDaily.value}`.as("viewed_post_id"),
      views: sql<number>`sum(${analyticsDaily.views})`.as("post_views"),
    })
    .from(analyticsDaily)
    .where(and(eq(analyticsDaily.blogId, blogId), eq(analyticsDaily.dimension, "post")))
    .groupBy(analyticsDaily.value)
    .as("viewed_posts");
}

const direct = (direction: SortDirection) => (direction === "asc" ? asc : desc);

function cursorError(): never {
  throw ValidationFailed([
    { path: "cursor", message: "cursor must be the nextCursor of the previous page" },
  ]);
}

function decode(cursor: string, length: number): CursorValue[] {
  try {
    const values: unknown = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
    if (
      Array.isArray(values) &&
      values.length === length &&
      values.every((v) => typeof v === "string" || Number.isSafeInteger(v))
    ) {
      return values as CursorValue[];
    }
  } catch {
    // Reported below.
  }
  return cursorError();
}

const encode = (values: CursorValue[]) => Buffer.from(JSON.stringify(values)).toString("base64url");

export function postPageOrder(
  db: Queryable,
  blogId: string,
  sort: PostSort = defaultPostSort,
): PageOrder {
  const { column, direction } = parsePostSort(sort);
  const viewed = column === "views" ? postViewsOf(db, blogId) : undefined;
  let value: SQL<unknown>;
  switch (column) {
    case "title":
      value = sql`lower(${posts.title})`;
      break;
    case "status":
      value = sql`${posts.status}`;
      break;
    case "category":
      // Posts without a category sort before any name.
      value = sql`coalesce((select lower(${categories.name}) from ${categories} where ${categories.id} = ${posts.categoryId}), '')`;
      break;
    case "author":
      // The byline's parts in its order (first name, last name, e-mail): see displayNameOf.
      value = sql`coalesce((select lower(trim(coalesce(${users.firstName}, '') || ' ' || coalesce(${users.lastName}, '') || ' ' || coalesce(${users.email}, ''))) from ${users} where ${users.id} = ${posts.authorId}), '')`;
      break;
    case "views":
      value = sql`coalesce(${viewed?.views}, 0)`;
      break;
    case "date":
      value = sql`${posts.createdAt}`;
      break;
  }
  // Keys in order with their directions; ties on the column go newest first, then by id.
  const keys: { expression: SQL | typeof posts.createdAt | typeof posts.id; dir: SortDirection }[] =
    column === "date"
      ? [
          { expression: posts.createdAt, dir: direction },
          { expression: posts.id, dir: direction },
        ]
      : [
          { expression: value, dir: direction },
          { expression: posts.createdAt, dir: "desc" },
          { expression: posts.id, dir: "desc" },
        ];

  return {
    by: keys.map((key) => direct(key.dir)(key.expression)),
    value,
    after(cursor) {
      const values = decode(cursor, keys.length);
      const beyond = keys.map((key, i) => {
        const equalBefore = keys
          .slice(0, i)
          .map((earlier, j) => sql`${earlier.expression} = ${values[j]}`);
        const past =
          key.dir === "asc"
            ? sql`${key.expression} > ${values[i]}`
            : sql`${key.expression} < ${values[i]}`;
        return and(...equalBefore, past) as SQL;
      });
      return sql`(${sql.join(beyond, sql` or `)})`;
    },
    cursorOf(row) {
      const createdAt = Date.parse(row.createdAt);
      const sorted =
        column === "views"
          ? Number(row.sortValue ?? 0)
          : typeof row.sortValue === "number"
            ? row.sortValue
            : String(row.sortValue ?? "");
      return encode(column === "date" ? [createdAt, row.id] : [sorted, createdAt, row.id]);
    },
    withJoins(query) {
      return viewed ? query.leftJoin(viewed, eq(viewed.postId, posts.id)) : query;
    },
  };
}

/** The views of some posts of the blog (the Performance screen's figures), by id. */
export async function postViews(
  db: Queryable,
  blogId: string,
  postIds: string[],
): Promise<Map<string, number>> {
  if (postIds.length === 0) return new Map();
  const rows = await db
    .select({ postId: analyticsDaily.value, views: sql<number>`sum(${analyticsDaily.views})` })
    .from(analyticsDaily)
    .where(
      and(
        eq(analyticsDaily.blogId, blogId),
        eq(analyticsDaily.dimension, "post"),
        inArray(analyticsDaily.value, postIds),
      ),
    )
    .groupBy(analyticsDaily.value);
  return new Map(rows.map((row) => [row.postId, Number(row.views)]));
}
