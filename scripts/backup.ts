/**
 * `npm run backup [-- <folder>]`: an online, consistent snapshot of the database into
 * <folder> (default ./backups), safe while Blogfleet serves. See docs/operations.md.
 */
import { backupDatabase } from "../api/db/backup.ts";
import { InvalidEnvironmentError, parseEnv } from "../api/env.ts";

try {
  const env = parseEnv(process.env);
  const folder = process.argv[2] ?? "./backups";
  const result = await backupDatabase(env.DATABASE_URL, folder);
  for (const partial of result.removedPartials) {
    console.log(`Removed ${partial}, left unfinished by an earlier run that failed.`);
  }
  console.log(
    `Backup written: ${result.file} (${(result.bytes / 1024).toFixed(0)} KiB in ${result.durationMs} ms, integrity_check ok)`,
  );
} catch (error) {
  console.error(
    error instanceof InvalidEnvironmentError || error instanceof Error ? error.message : error,
  );
  process.exit(1);
}
