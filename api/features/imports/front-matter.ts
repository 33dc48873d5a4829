import { parse } from "yaml";

/**
 * Front matter of Markdown files (`---` YAML `---`), read with the `yaml` package. Keys are
 * lower-cased; values are kept when they are scalars or lists (a list's items as text); nested
 * maps, which no importer field reads, are left out. Front matter that is not valid YAML is read
 * as none: the post is still imported, from its file name and body.
 */
export type FrontMatter = Record<string, string | string[] | boolean | number | null>;

type Value = FrontMatter[string];

function value(raw: unknown): Value | undefined {
  if (raw === null || raw === undefined) return null;
  if (typeof raw === "string" || typeof raw === "boolean" || typeof raw === "number") return raw;
  if (Array.isArray(raw)) {
    return raw
      .filter((item) => item !== null && typeof item !== "object")
      .map((item) => String(item));
  }
  if (raw instanceof Date) return raw.toISOString();
  return undefined;
}

export function parseFrontMatter(text: string): { data: FrontMatter; body: string } {
  const source = text.replace(/^\uFEFF/, "").replace(/\r\n?/g, "\n");
  const match = /^---\n([\s\S]*?)\n---[ \t]*(?:\n|$)/.exec(source);
  if (!match) return { data: {}, body: source };
  const body = source.slice(match[0].length);
  let parsed: unknown;
  try {
    parsed = parse(match[1] as string);
  } catch {
    return { data: {}, body };
  }
  const data: FrontMatter = {};
  if (parsed && typeof parsed === "object" && !Array.isArray(parsed)) {
    for (const [key, raw] of Object.entries(parsed)) {
      const kept = value(raw);
      if (kept !== undefined) data[key.toLowerCase()] = kept;
    }
  }
  return { data, body };
}

/** Writes front matter every YAML reader (and `parseFrontMatter`) reads back as written. */
export function writeFrontMatter(data: Record<string, unknown>): string {
  const lines = Object.entries(data)
    .filter(([, value]) => value !== undefined)
    .map(([key, value]) => `${key}: ${JSON.stringify(value)}`);
  return `---\n${lines.join("\n")}\n---\n`;
}
