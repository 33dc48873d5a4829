import { users } from "../../db/schema.ts";

/** A person's columns for naming them to their team (`displayNameOf`): never more of the account. */
export const personColumns = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
};
