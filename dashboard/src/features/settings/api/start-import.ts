import type { ImportJob } from "@contracts/imports.ts";
import { throwIfNotOk } from "@/lib/api-client.ts";

/** `POST /api/blogs/{id}/imports`: the file as the body; the import runs as a job. */
export async function startImport(blogId: string, file: File): Promise<ImportJob> {
  const res = await fetch(`/api/blogs/${blogId}/imports`, {
    method: "POST",
    headers: {
      "Content-Type": "application/octet-stream",
      "X-File-Name": encodeURIComponent(file.name),
    },
    body: file,
    credentials: "include",
  });
  await throwIfNotOk(res);
  return (await res.json()) as ImportJob;
}
