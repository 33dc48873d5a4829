import { parseCsvLines, toCsv } from "../../../contracts/csv.ts";
import {
  maxSubscriberImportRows,
  type SubscriberStatus,
  subscriberStatuses,
} from "../../../contracts/newsletters.ts";
import { z } from "../../../contracts/zod.ts";
import { ValidationFailed } from "../../http/errors.ts";

/*
 * A subscriber list as CSV (decision 374): the columns an import reads, the rows it takes, and
 * the export's lines. Every problem of a file is listed with its line; a file with one is
 * refused whole.
 */

const norm = (header: string) => header.toLowerCase().replace(/[^a-z0-9]/g, "");

/** Headers naming the address, compared without case, spaces or punctuation. */
const emailHeaders = ["email", "emailaddress", "mail"];
/** Headers naming when the person consented, first found wins (other tools' exports included). */
export const consentHeaders = [
  "consentedat",
  "consentdate",
  "confirmedat",
  "confirmtime",
  "optintime",
  "subscribedat",
  "subscriptiondate",
  "createdat",
];
const statusHeaders = ["status"];

const columnOf = (headers: string[], names: string[]) => {
  for (const name of names) {
    const at = headers.findIndex((h) => norm(h) === name);
    if (at !== -1) return at;
  }
  return -1;
};

const validEmail = z.email();

/** `2024-03-01`, `2024-03-01T10:15:00Z`, `2024-03-01 10:15:00` (UTC unless an offset says). */
const isoDate =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

/** A consent date as the file writes it, or undefined when it is not one (or is in the future). */
export function parseConsentDate(text: string, now: Date): Date | undefined {
  const match = isoDate.exec(text);
  if (!match) return undefined;
  const [, y, mo, d, h = "00", mi = "00", s = "00", zone] = match;
  const offset = zone && zone !== "Z" ? `${zone.slice(0, 3)}:${zone.slice(-2)}` : "Z";
  // Dates roll 2024-02-30 over to March: the day must be one the month has.
  const day = new Date(Date.UTC(Number(y), Number(mo) - 1, Number(d)));
  if (day.getUTCMonth() !== Number(mo) - 1 || day.getUTCDate() !== Number(d)) return undefined;
  const at = new Date(`${y}-${mo}-${d}T${h}:${mi}:${s}${offset}`);
  if (Number.isNaN(at.getTime())) return undefined;
  // A day ahead of now covers the time zones of a file written "today".
  if (at.getTime() > now.getTime() + 24 * 60 * 60 * 1000) return undefined;
  return at;
}

/** One address of a file to subscribe, with the consent date it carried. */
export type ImportRow = { line: number; email: string; consentedAt: Date };

/** What a file holds: the rows to subscribe, and the rows whose status says they left. */
export type ImportFile = { rows: ImportRow[]; leftInFile: number };

type Problem = { path: string; message: string };

/**
 * Reads an import file: an `email` column, a consent date column (`consented_at`,
 * `subscribed_at`, `created_at`, …) and an optional `status`. Rows with a status other than
 * subscribed are not imported (counted as skipped); every other row needs a valid address and
 * a consent date. Throws a 400 listing every problem.
 */
export function readImportFile(text: string, now: Date): ImportFile {
  const lines = parseCsvLines(text);
  const [header, ...body] = lines;
  if (!header || body.length === 0) {
    throw ValidationFailed([
      { path: "csv", message: "The file has no rows: a header line, then one line per address" },
    ]);
  }
  if (body.length > maxSubscriberImportRows) {
    throw ValidationFailed([
      {
        path: "csv",
        message: `The file has ${body.length} rows; an import takes at most ${maxSubscriberImportRows}. Split the file and import each part.`,
      },
    ]);
  }
  const emailCol = columnOf(header.fields, emailHeaders);
  const consentCol = columnOf(header.fields, consentHeaders);
  const statusCol = columnOf(header.fields, statusHeaders);
  const problems: Problem[] = [];
  if (emailCol === -1)
    problems.push({ path: "csv.line1", message: "Line 1: the file has no email column" });
  if (consentCol === -1)
    problems.push({
      path: "csv.line1",
      message:
        "Line 1: the file has no consent date column (consented_at, subscribed_at or created_at): an address is imported only with the date it consented",
    });
  if (problems.length > 0) throw ValidationFailed(problems);

  const rows: ImportRow[] = [];
  let leftInFile = 0;
  for (const { line, fields } of body) {
    const at = (message: string) =>
      problems.push({ path: `csv.line${line}`, message: `Line ${line}: ${message}` });
    const status = statusCol === -1 ? "" : (fields[statusCol] ?? "").trim().toLowerCase();
    if (status !== "" && !subscriberStatuses.includes(status as SubscriberStatus)) {
      at(`"${status}" is not a status (${subscriberStatuses.join(", ")})`);
      continue;
    }
    if (status !== "" && status !== "subscribed") {
      leftInFile++;
      continue;
    }
    const email = (fields[emailCol] ?? "").trim().toLowerCase();
    const rawDate = (fields[consentCol] ?? "").trim();
    if (email === "") at("the email is empty");
    else if (!validEmail.safeParse(email).success) at(`"${email}" is not an e-mail address`);
    const consentedAt = rawDate === "" ? undefined : parseConsentDate(rawDate, now);
    if (rawDate === "") at("the consent date is empty: an address is imported only with it");
    else if (!consentedAt)
      at(`"${rawDate}" is not a consent date (YYYY-MM-DD or an ISO date and time, not ahead)`);
    if (problems.length === 0 && consentedAt) rows.push({ line, email, consentedAt });
  }
  if (problems.length > 0) throw ValidationFailed(problems);
  return { rows, leftInFile };
}

/** The columns of a list's export. */
export const exportHeaders = [
  "email",
  "status",
  "consented_at",
  "consent_page",
  "consent_text",
  "unsubscribed_at",
] as const;

type ExportRow = {
  email: string;
  status: string;
  confirmedAt: Date | null;
  consentPage: string | null;
  consentText: string | null;
  unsubscribedAt: Date | null;
};

/** A list as CSV: one line per address, dates ISO 8601 UTC, formulas defused. */
export function subscribersCsv(rows: readonly ExportRow[]): string {
  return toCsv(
    exportHeaders,
    rows.map((r) => [
      r.email,
      r.status,
      r.confirmedAt?.toISOString() ?? null,
      r.consentPage,
      r.consentText,
      r.unsubscribedAt?.toISOString() ?? null,
    ]),
  );
}
