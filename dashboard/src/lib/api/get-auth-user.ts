import type { User } from "@contracts/auth.ts";
import useSWR from "swr";
import { createFetcher } from "../api-client.ts";

export const authUserKey = "/api/auth/user";

/** The signed-in user, or null when nobody is (401). Other failures throw. */
export const getAuthUser = createFetcher<User>({ on401: "returnNull" });

/** Read once per page load; signed in exactly when this returns a user. */
export function useAuthUser() {
  const { data, error, isLoading, mutate } = useSWR<User | null>(authUserKey, getAuthUser);
  return {
    user: data ?? null,
    isAuthenticated: Boolean(data),
    isLoading,
    error,
    mutate,
  };
}
