import { limits } from "./limits.ts";
import { z } from "./zod.ts";

/** The signed-in user as `GET /api/auth/user` answers it. */
export type User = {
  id: string;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  profileImageUrl: string | null;
};

export const localCredentials = z.object({
  email: z
    .string()
    .trim()
    .toLowerCase()
    .max(limits.email)
    .pipe(z.email("Enter a valid email address")),
  password: z
    .string()
    .min(limits.password.min, `Password must be at least ${limits.password.min} characters`)
    .max(limits.password.max, `Password must be at most ${limits.password.max} characters`),
});
export type LocalCredentials = z.infer<typeof localCredentials>;
