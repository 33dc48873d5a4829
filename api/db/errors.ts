/** True when SQLite refused a write because of a UNIQUE constraint. */
export function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    const { code, message } = e as { code?: string; message?: string };
    if (code === "SQLITE_CONSTRAINT_UNIQUE" || code === "SQLITE_CONSTRAINT_PRIMARYKEY") return true;
    if (typeof message === "string" && message.includes("UNIQUE constraint failed")) return true;
  }
  return false;
}
