/** One CSV field: quoted when it holds a comma, quote or line break (RFC 4180). */
const field = (value: string | number | null) => {
  const text = value === null ? "" : String(value);
  // A leading =, +, - or @ would run as a formula in a spreadsheet.
  const safe = /^[=+\-@]/.test(text) && Number.isNaN(Number(text)) ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
};

/** A report as CSV text: a header line, then one line per row (CRLF, as RFC 4180 has it). */
export function toCsv(
  headers: readonly string[],
  rows: readonly (readonly (string | number | null)[])[],
): string {
  return `${[headers, ...rows].map((row) => row.map(field).join(",")).join("\r\n")}\r\n`;
}

/** Saves a report as a CSV file in the browser's downloads. */
export function downloadCsv(
  fileName: string,
  headers: readonly string[],
  rows: readonly (readonly (string | number | null)[])[],
) {
  const url = URL.createObjectURL(new Blob([toCsv(headers, rows)], { type: "text/csv" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
