/**
 * First and last name, else the first name, else the part of the e-mail
 * before the at-sign, else 'User'.
 */
export function displayNameOf(user: {
  firstName?: string | null;
  lastName?: string | null;
  email?: string | null;
}): string {
  const first = user.firstName?.trim();
  const last = user.lastName?.trim();
  if (first && last) return `${first} ${last}`;
  if (first) return first;
  const local = user.email?.split("@")[0]?.trim();
  return local || "User";
}
