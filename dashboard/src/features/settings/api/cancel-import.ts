import type { ImportJob } from "@contracts/imports.ts";
import { apiRequest } from "@/lib/api-client.ts";

/** `POST /api/imports/{id}/cancel`: stops between two items; what was imported stays. */
export function cancelImport(id: string): Promise<ImportJob> {
  return apiRequest<ImportJob>("POST", `/api/imports/${id}/cancel`);
}
