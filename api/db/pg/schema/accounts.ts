import { sql } from "drizzle-orm";
import { index, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { bool, createdAt, id, timestamp, updatedAt } from "./columns.ts";

/* Owners and signing in: users, sessions, sign-in flows, password resets, invitations, and the install's own settings. */

export const users = pgTable(
  "users",
  {
    id: id(),
    email: text("email"),
    firstName: text("first_name"),
    lastName: text("last_name"),
    profileImageUrl: text("profile_image_url"),
    /** scrypt hash; set only for built-in (local) accounts. */
    passwordHash: text("password_hash"),
    oidcIssuer: text("oidc_issuer"),
    oidcSubject: text("oidc_subject"),
    /** 'maximum trust': the AI may approve its own best blog idea each week. */
    maximumTrust: bool("maximum_trust").notNull().default(false),
    /** Public byline set in Account Settings; null: the blog's name is shown (decision 055). */
    publicName: text("public_name"),
    /** Short public bio on each blog's author page. */
    publicBio: text("public_bio"),
    /** How All Posts is shown to this person (cards or a sortable list), remembered across devices. */
    postsView: text("posts_view", { enum: ["cards", "list"] })
      .notNull()
      .default("cards"),
    /** All Posts' list sort, as "column:direction" (e.g. "date:desc"). */
    postsSort: text("posts_sort").notNull().default("date:desc"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("users_local_email_unique").on(t.email).where(sql`${t.passwordHash} is not null`),
    uniqueIndex("users_oidc_subject_unique").on(t.oidcIssuer, t.oidcSubject),
  ],
);

export const sessions = pgTable(
  "sessions",
  {
    /** SHA-256 of the session token, hex. The token itself is never stored. */
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("sessions_user_idx").on(t.userId)],
);

/** One row per OpenID Connect sign-in in flight: state and PKCE verifier, used once. */
export const oidcLoginFlows = pgTable("oidc_login_flows", {
  /** SHA-256 of the flow cookie's value. */
  id: text("id").primaryKey(),
  state: text("state").notNull(),
  codeVerifier: text("code_verifier").notNull(),
  nonce: text("nonce").notNull(),
  expiresAt: timestamp("expires_at").notNull(),
});

/**
 * One-time password reset links of built-in accounts: sent by e-mail when SMTP is configured,
 * else printed by an operator with `npm run user:reset-password`. Each is used once.
 */
export const passwordResets = pgTable(
  "password_resets",
  {
    /** SHA-256 of the token in the link, hex. The token itself is never stored. */
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at").notNull(),
    usedAt: timestamp("used_at"),
  },
  (t) => [index("password_resets_user_idx").on(t.userId)],
);

/** Invitation links an owner hands out while sign-ups need one (decision 061); each used once. */
export const invitations = pgTable("invitations", {
  /** SHA-256 of the token in the link, hex. The token itself is never stored. */
  id: text("id").primaryKey(),
  createdBy: text("created_by")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" }),
  createdAt: createdAt(),
  expiresAt: timestamp("expires_at").notNull(),
  usedAt: timestamp("used_at"),
  usedBy: text("used_by").references(() => users.id, { onDelete: "set null" }),
});

/** Install-wide values the app creates for itself (e.g. the key that hashes click visitors). */
export const appSettings = pgTable("app_settings", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
});
