import { limits } from "./limits.ts";
import { z } from "./zod.ts";

/** A built-in account's password: the rules sign-up uses, with the same messages. */
export const newPassword = z
  .string({ error: "Enter a password" })
  .min(limits.password.min, `Password must be at least ${limits.password.min} characters`)
  .max(limits.password.max, `Password must be at most ${limits.password.max} characters`);

export const passwordsDoNotMatch = "The new passwords do not match";

/**
 * The confirmation must equal the new password; checked even when another field failed, so a
 * 400 lists every problem at once.
 */
const confirmation = {
  path: ["confirmPassword"],
  message: passwordsDoNotMatch,
  when: ({ value }: { value: unknown }) => typeof value === "object" && value !== null,
};

/** `PUT /api/auth/password`: the signed-in person's new password (decision 356). */
export const passwordChangeInput = z
  .object({
    currentPassword: z
      .string({ error: "Enter your current password" })
      .min(1, "Enter your current password")
      .max(limits.password.max, "Your current password is not right."),
    newPassword,
    confirmPassword: z.string({ error: "Confirm the new password" }),
  })
  .refine((input) => input.newPassword === input.confirmPassword, confirmation);
export type PasswordChangeInput = z.infer<typeof passwordChangeInput>;

/** The "Choose a new password" form of a reset link. */
export const passwordResetInput = z
  .object({
    token: z.string().regex(/^[A-Za-z0-9_-]{43}$/, "This link is not a password reset link"),
    password: newPassword,
    confirmPassword: z.string({ error: "Confirm the new password" }),
  })
  .refine((input) => input.password === input.confirmPassword, confirmation);

/** `GET /api/auth/password`: how the person signs in, so Account Settings offers what fits. */
export type PasswordStatus = {
  /** True for built-in accounts (a password on this server); false with an OpenID provider. */
  builtIn: boolean;
};
