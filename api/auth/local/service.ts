import { and, eq, isNotNull } from "drizzle-orm";
import type { LocalCredentials } from "../../../contracts/auth.ts";
import type { Database } from "../../db/client.ts";
import { first } from "../../db/query.ts";
import { users } from "../../db/schema.ts";
import type { Env } from "../../env.ts";
import {
  admitSignUp,
  InvitationNeeded,
  RegistrationClosed,
  registrationMode,
} from "../../features/invitations/service.ts";
import { Conflict, HttpError } from "../../http/errors.ts";
import type { Clock } from "../sessions.ts";
import { dummyPasswordHash, hashPassword, verifyPassword } from "./passwords.ts";

export const IncorrectCredentials = () =>
  new HttpError(401, "incorrect_credentials", "Incorrect email or password.");

export type SignUpPolicy = {
  /** REGISTRATION (decision 061); unset: open until the first owner exists, then invite-only. */
  registration: Env["REGISTRATION"];
  clock: Clock;
};

/** Built-in accounts for installs without an external OpenID provider. */
export function createLocalAccounts(
  db: Database,
  policy: SignUpPolicy = { registration: undefined, clock: () => new Date() },
) {
  const findByEmail = (email: string) =>
    first(
      db
        .select()
        .from(users)
        .where(and(eq(users.email, email), isNotNull(users.passwordHash))),
    );

  return {
    async signUp({ email, password }: LocalCredentials, invite?: string) {
      // Refused sign-ups answer before the (slow) hash; the transaction below decides for real.
      const mode = await registrationMode(db, policy.registration);
      if (mode === "closed") throw RegistrationClosed();
      if (mode === "invite" && !invite) throw InvitationNeeded();
      if (await findByEmail(email)) {
        throw Conflict(
          "An account with this email already exists. Sign in instead.",
          "email_taken",
        );
      }
      const passwordHash = await hashPassword(password);
      try {
        // Who may register, the invitation used and the account: one transaction, so an
        // invitation serves one account and "the first owner" is decided once.
        return await db.transaction(async (tx) => {
          const markUsed = await admitSignUp(tx, policy.registration, invite, policy.clock);
          const [user] = await tx.insert(users).values({ email, passwordHash }).returning();
          if (!user) throw new Error("insert returned no row");
          await markUsed(user.id);
          return user;
        });
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
