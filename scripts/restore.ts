/**
 * `npm run restore -- <backup file>`: puts a backup made by `npm run backup` in place of the
 * database. Stop Blogfleet first; the current database is kept beside it, not deleted.
 * See docs/operations.md.
 */
import { restoreDatabase } from "../api/db/backup.ts";
import { parseEnv } from "../api/env.ts";

const backup = process.argv[2];
if (!backup) {
  console.error("Usage: npm run restore -- <backup file>");
  process.exit(1);
}
try {
  const env = parseEnv(process.env);
  // A server on this database would keep writing to the file being replaced.
  const running = await fetch(`http://127.0.0.1:${env.PORT}/healthz`, {
    signal: AbortSignal.timeout(1000),
  }).then(
    () => true,
    () => false,
  );
  if (running) {
    console.error(
      `Blogfleet is answering on port ${env.PORT}. Stop it first, then run the restore again.`,
    );
    process.exit(1);
  }
  const result = await restoreDatabase(env.DATABASE_URL, backup);
  console.log(`Restored ${backup} to ${result.file}.`);
  for (const file of result.previous) console.log(`The database it replaced is kept as ${file}.`);
  console.log("Every blog is queued for a full render; start Blogfleet to rebuild the sites.");
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
