import type { PasswordChangeInput, PasswordStatus } from "@contracts/passwords.ts";
import { useState } from "react";
import useSWR from "swr";
import { apiRequest, createFetcher } from "../../../lib/api-client.ts";

export const passwordStatusKey = "/api/auth/password";

/** `GET /api/auth/password`: whether the account has a password here (built-in sign-in). */
export const getPasswordStatus = createFetcher<PasswordStatus>();

export function usePasswordStatus() {
  return useSWR<PasswordStatus | null>(passwordStatusKey, getPasswordStatus);
}

/** `PUT /api/auth/password`: a new password; the person's other sessions end (decision 356). */
export function changePassword(input: PasswordChangeInput): Promise<void> {
  return apiRequest<void>("PUT", passwordStatusKey, input);
}

export function useChangePassword() {
  const [isChanging, setChanging] = useState(false);
  async function change(input: PasswordChangeInput): Promise<void> {
    setChanging(true);
    try {
      await changePassword(input);
    } finally {
      setChanging(false);
    }
  }
  return { changePassword: change, isChanging };
}
