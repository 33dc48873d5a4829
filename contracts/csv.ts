/*
 * CSV as the product reads and writes it: commission reports and subscriber lists in, lists out.
 */

/**
 * RFC 4180 CSV: quoted fields with doubled quotes, commas and line breaks inside quotes, CRLF
 * or LF. (A dependency for 30 lines was not worth it; decision 133.)
 */
export function parseCsv(text: string): string[][] {
  return parseCsvLines(text).map((line) => line.fields);
}

/** Each non-empty row with the line of the file it starts on (1-based), for messages. */
export function parseCsvLines(text: string): { line: number; fields: string[] }[] {
  const rows: { line: number; fields: string[] }[] = [];
  let row: string[] = [];
  let field = "";
  let quoted = false;
  let line = 1;
  let rowLine = 1;
  const input = text.replace(/^\uFEFF/, "");
  for (let i = 0; i < input.length; i++) {
    const c = input[i];
    if (quoted) {
      if (c === '"' && input[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else {
        if (c === "\n" || (c === "\r" && input[i + 1] !== "\n")) line++;
        field += c;
      }
    } else if (c === '"' && field === "") quoted = true;
    else if (c === ",") {
      row.push(field);
      field = "";
    } else if (c === "\n" || c === "\r") {
      if (c === "\r" && input[i + 1] === "\n") i++;
      row.push(field);
      field = "";
      if (row.some((f) => f !== "")) rows.push({ line: rowLine, fields: row });
      row = [];
      line++;
      rowLine = line;
    } else field += c;
  }
  row.push(field);
  if (row.some((f) => f !== "")) rows.push({ line: rowLine, fields: row });
  return rows;
}

/**
 * One CSV field: a text starting with =, +, - or @ gets a leading apostrophe (a spreadsheet
 * would run it as a formula), and a field with a comma, quote or line break is quoted.
 */
export function csvField(value: string | number | null): string {
  const text = value === null ? "" : String(value);
  const safe = /^[=+\-@]/.test(text) && Number.isNaN(Number(text)) ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** A header line, then one line per row (CRLF, as RFC 4180 has it). */
export function toCsv(
  headers: readonly string[],
  rows: Iterable<readonly (string | number | null)[]>,
): string {
  const lines = [headers.map(csvField).join(",")];
  for (const row of rows) lines.push(row.map(csvField).join(","));
  return `${lines.join("\r\n")}\r\n`;
}
