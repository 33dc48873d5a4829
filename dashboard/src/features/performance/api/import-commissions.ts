import type { CommissionImportResult, ImportCommissionsInput } from "@contracts/analytics.ts";
import { useState } from "react";
import { useSWRConfig } from "swr";
import { apiRequest } from "../../../lib/api-client.ts";

/** `POST /api/commissions/import`: a network's commission report for all the owner's blogs. */
export function importCommissions(input: ImportCommissionsInput) {
  return apiRequest<CommissionImportResult>("POST", "/api/commissions/import", input);
}

export function useImportCommissions() {
  const { mutate } = useSWRConfig();
  const [isPending, setPending] = useState(false);
  async function run(input: ImportCommissionsInput) {
    setPending(true);
    try {
      const result = await importCommissions(input);
      // Revenue shows in every report of every range.
      await mutate(
        (key) => typeof key === "string" && key.startsWith("/api/") && key.includes("analytics"),
      );
      return result;
    } finally {
      setPending(false);
    }
  }
  return { importCommissions: run, isPending };
}
