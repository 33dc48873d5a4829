import { and, eq, isNotNull } from "drizzle-orm";
import type { LocalCredentials } from "../../../contracts/auth.ts";
import type { Database } from "../../db/client.ts";
import { users } from "../../db/schema.ts";
import { Conflict, HttpError } from "../../http/errors.ts";
import { dummyPasswordHash, hashPassword, verifyPassword } from "./passwords.ts";

export const IncorrectCredentials = () =>
  new HttpError(401, "incorrect_credentials", "Incorrect email or password.");

/** Built-in accounts for installs without an external OpenID provider. */
export function createLocalAccounts(db: Database) {
  const findByEmail = (email: string) =>
    db
      .select()
      .from(users)
      .where(and(eq(users.email, email), isNotNull(users.passwordHash)))
      .get();

  return {
    async signUp({ email, password }: LocalCredentials) {
      if (await findByEmail(email)) {
        throw Conflict(
          "An account with this email already exists. Sign in instead.",
          "email_taken",
        );
      }
      const passwordHash = await hashPassword(password);
      try {
        const [user] = await db.insert(users).values({ email, passwordHash }).returning();
        if (!user) throw new Error("insert returned no row");
        return user;
      } catch (error) {
        // Two sign-ups racing for one address: the unique index decides.
        if (String((error as Error).cause ?? error).includes("UNIQUE")) {
          throw Conflict(
            "An account with this email already exists. Sign in instead.",
            "email_taken",
          );
        }
        throw error;
      }
    },

    async signIn({ email, password }: LocalCredentials) {
      const user = await findByEmail(email);
      const ok = await verifyPassword(password, user?.passwordHash ?? (await dummyPasswordHash));
      if (!user || !ok) throw IncorrectCredentials();
      return user;
    },
  };
}
export type LocalAccounts = ReturnType<typeof createLocalAccounts>;
