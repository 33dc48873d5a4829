/**
 * Front matter of Markdown files (`---` YAML `---`), the part of YAML such files use: `key:
 * value` scalars (plain, quoted, or JSON), inline lists `[a, b]` and block lists `- item`.
 * Written here rather than adding a YAML library for these few forms (decision 144).
 */
export type FrontMatter = Record<string, string | string[] | boolean | number | null>;

function scalar(raw: string): string | boolean | number | null {
  const value = raw.trim();
  if (value === "" || value === "~" || value === "null") return null;
  if (value === "true") return true;
  if (value === "false") return false;
  if (/^-?\d+(\.\d+)?$/.test(value)) return Number(value);
  if (value.startsWith('"')) {
    try {
      return JSON.parse(value) as string;
    } catch {
      return value.slice(1, -1);
    }
  }
  if (value.startsWith("'") && value.endsWith("'")) return value.slice(1, -1).replace(/''/g, "'");
  return value.replace(/\s+#.*$/, "");
}

function inlineList(raw: string): string[] {
  const value = raw.trim();
  try {
    const parsed = JSON.parse(value) as unknown;
    if (Array.isArray(parsed)) return parsed.map(String);
  } catch {
    // YAML flow list without quotes
  }
  return value
    .slice(1, -1)
    .split(",")
    .map((part) => String(scalar(part) ?? ""))
    .filter((part) => part !== "");
}

export function parseFrontMatter(text: string): { data: FrontMatter; body: string } {
  const source = text.replace(/^\uFEFF/, "").replace(/\r\n?/g, "\n");
  const match = /^---\n([\s\S]*?)\n---[ \t]*(?:\n|$)/.exec(source);
  if (!match) return { data: {}, body: source };
  const data: FrontMatter = {};
  let listKey: string | undefined;
  for (const line of (match[1] as string).split("\n")) {
    if (!line.trim() || line.trim().startsWith("#")) continue;
    const item = /^\s+-\s+(.*)$/.exec(line) ?? /^-\s+(.*)$/.exec(line);
    if (item && listKey) {
      const list = (data[listKey] as string[] | null) ?? [];
      list.push(String(scalar(item[1] as string) ?? ""));
      data[listKey] = list;
      continue;
    }
    const pair = /^([A-Za-z_][\w-]*)\s*:\s*(.*)$/.exec(line);
    if (!pair) continue;
    const key = (pair[1] as string).toLowerCase();
    const value = pair[2] as string;
    listKey = undefined;
    if (value.trim() === "") {
      data[key] = null;
      listKey = key;
    } else if (value.trim().startsWith("[")) data[key] = inlineList(value);
    else data[key] = scalar(value);
  }
  return { data, body: source.slice(match[0].length) };
}

/** Writes front matter every YAML reader (and `parseFrontMatter`) reads back as written. */
export function writeFrontMatter(data: Record<string, unknown>): string {
  const lines = Object.entries(data)
    .filter(([, value]) => value !== undefined)
    .map(([key, value]) => `${key}: ${JSON.stringify(value)}`);
  return `---\n${lines.join("\n")}\n---\n`;
}
