import type { User } from "@contracts/auth.ts";
import { displayNameOf } from "@contracts/users.ts";

type UserNames = Pick<User, "firstName" | "lastName" | "email">;

/**
 * Avatar initials: first letters of first and last name, else the first
 * name's first letter, else the e-mail's first letter, else 'U'. Always upper case.
 */
export function initialsOf(user: Partial<UserNames> | null | undefined): string {
  const first = user?.firstName?.trim();
  const last = user?.lastName?.trim();
  if (first && last) return `${first[0]}${last[0]}`.toUpperCase();
  if (first) return first.charAt(0).toUpperCase();
  const email = user?.email?.trim();
  if (email) return email.charAt(0).toUpperCase();
  return "U";
}

/** Display name; the same rule the API uses for post authors. */
export function displayName(user: Partial<UserNames> | null | undefined): string {
  return displayNameOf(user ?? {});
}
