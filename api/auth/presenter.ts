import type { User } from "../../contracts/auth.ts";
import type { SessionUser } from "./sessions.ts";

export function presentUser(user: SessionUser): User {
  return {
    id: user.id,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    profileImageUrl: user.profileImageUrl,
  };
}
