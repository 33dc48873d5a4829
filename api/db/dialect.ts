/**
 * Which database this process talks to, chosen once at start (decision 180): PostgreSQL when
 * `DATABASE_URL` is a postgres:// URL (or the tests ask for it with TEST_DATABASE=postgres),
 * the SQLite file otherwise. The schema module picks its tables by it, so it is read before
 * any table is built and never changes afterwards.
 */
export type Dialect = "sqlite" | "postgres";

export const isPostgresUrl = (url: string): boolean => /^postgres(ql)?:\/\//.test(url);

export function dialectFromEnv(env: NodeJS.ProcessEnv = process.env): Dialect {
  return env.TEST_DATABASE === "postgres" || isPostgresUrl(env.DATABASE_URL ?? "")
    ? "postgres"
    : "sqlite";
}

export const processDialect: Dialect = dialectFromEnv();
