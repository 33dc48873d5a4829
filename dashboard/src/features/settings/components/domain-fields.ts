import { domainInput } from "@contracts/blogs.ts";

/** Lower-cased, and every character other than a-z, 0-9 or a hyphen removed as typed. */
export function sanitizeSubdomain(typed: string): string {
  return typed.toLowerCase().replace(/[^a-z0-9-]/g, "");
}

/** A custom domain is only lower-cased as typed; the server trims it. */
export function sanitizeCustomDomain(typed: string): string {
  return typed.toLowerCase();
}

/** 'Saved' when the value equals the stored one (none stored equals empty). */
export function domainButtonLabel(value: string, stored: string | null): "Saved" | "Update" {
  return value === (stored ?? "") ? "Saved" : "Update";
}

/** The server's own rule (the shared contract), so the message under the field is the API's. */
export function domainFieldError(
  field: "subdomain" | "customDomain",
  value: string,
): string | undefined {
  const result = domainInput.safeParse({ [field]: value });
  return result.success ? undefined : result.error.issues[0]?.message;
}
