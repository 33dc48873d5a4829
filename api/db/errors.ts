/** True when the database refused a write because of a UNIQUE constraint (SQLite or PostgreSQL). */
export function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    const { code, message } = e as { code?: string; message?: string };
    if (code === "SQLITE_CONSTRAINT_UNIQUE" || code === "SQLITE_CONSTRAINT_PRIMARYKEY") return true;
    // PostgreSQL's unique_violation (primary keys included).
    if (code === "23505") return true;
    if (typeof message === "string" && message.includes("UNIQUE constraint failed")) return true;
  }
  return false;
}
