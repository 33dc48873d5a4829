/**
 * `npm run user:reset-password -- <email>`: prints a one-time link that lets the person with
 * that built-in account choose a new password (decision 356) — for servers without SMTP, where
 * "Forgot password?" cannot e-mail it. The link points to APP_ORIGIN (without it,
 * http://localhost:PORT) and works once, within 1 hour; the person's older links stop working.
 */
import { createPasswords } from "../api/auth/local/passwords-service.ts";
import { createSessionStore } from "../api/auth/sessions.ts";
import { openDatabase } from "../api/db/client.ts";
import { InvalidEnvironmentError, parseEnv } from "../api/env.ts";
import { HttpError } from "../api/http/errors.ts";

const email = process.argv[2]?.trim();
if (!email) {
  console.error("Usage: npm run user:reset-password -- <email>");
  process.exit(1);
}
let exitCode = 0;
try {
  const env = parseEnv(process.env);
  const database = await openDatabase(env.DATABASE_URL);
  try {
    const passwords = createPasswords({
      db: database.db,
      sessions: createSessionStore(database.db),
    });
    const origin = env.APP_ORIGIN ?? `http://localhost:${env.PORT}`;
    const { url, expiresAt } = await passwords.operatorLink(email, origin);
    const until = `${expiresAt.toISOString().slice(0, 16).replace("T", " ")} UTC`;
    console.log(
      `A password reset link for ${email.toLowerCase()}. Give it only to them: it works once, until ${until}.`,
    );
    console.log(url);
  } finally {
    await database.close();
  }
} catch (error) {
  console.error(
    error instanceof HttpError || error instanceof InvalidEnvironmentError
      ? error.message
      : error instanceof Error
        ? error.message
        : error,
  );
  exitCode = 1;
}
process.exit(exitCode);
