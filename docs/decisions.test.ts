import { existsSync, readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

/**
 * Every decision record says under its title whether it still holds (`Status: accepted`,
 * `Status: superseded by N`, `rejected`, `withdrawn`), and `docs/decisions/README.md` lists
 * every record with that status, so a newcomer can tell history from the code as it is.
 */
const folder = new URL("./decisions/", import.meta.url);
const records = readdirSync(folder)
  .filter((name) => /^\d{3}-.+\.md$/.test(name))
  .sort();
const index = readFileSync(new URL("README.md", folder), "utf8");

const statusLine = /^Status: (.+)$/;
const target = String.raw`(?:\d{3}|[\w-]+\.md)`;
const knownStatus = new RegExp(
  `^(accepted|rejected|withdrawn|superseded by (${target}(?:(?:, | and )${target})*))`,
);

/** The `Status:` lines of a record's head: the lines before its first section. */
function statusesOf(text: string): string[] {
  const lines = text.split("\n");
  const head: string[] = [];
  for (const line of lines.slice(1, 14)) {
    if (/^(## |\*\*Context|Context:)/.test(line)) break;
    head.push(line);
  }
  return head.flatMap((line) => statusLine.exec(line)?.[1] ?? []);
}

/** What the index shows for a status: its first words, with links read as their text. */
function shortStatus(status: string): string {
  return knownStatus.exec(status)?.[1] ?? status;
}

describe("decision records", () => {
  it("are there to check", () => {
    expect(records.length).toBeGreaterThan(100);
  });

  it("each have exactly one known Status line under the title", () => {
    const problems = records.flatMap((name) => {
      const statuses = statusesOf(readFileSync(new URL(name, folder), "utf8"));
      if (statuses.length !== 1) return [`${name}: ${statuses.length} Status lines`];
      return knownStatus.test(statuses[0] as string) ? [] : [`${name}: "${statuses[0]}"`];
    });
    expect(problems).toEqual([]);
  });

  it("are superseded only by records or documents that exist", () => {
    const problems = records.flatMap((name) => {
      const [status] = statusesOf(readFileSync(new URL(name, folder), "utf8"));
      const by = status && knownStatus.exec(status)?.[2];
      if (!by) return [];
      return by.split(/, | and /).flatMap((target) => {
        if (/^\d{3}$/.test(target)) {
          return records.some((r) => r.startsWith(`${target}-`)) ? [] : [`${name} → ${target}`];
        }
        return existsSync(new URL(`../${target}`, folder)) ? [] : [`${name} → ${target}`];
      });
    });
    expect(problems).toEqual([]);
  });

  it("are each listed once in the index, with their status", () => {
    const rows = new Map<string, string[]>();
    for (const line of index.split("\n")) {
      const row = /^\| (\d{3}) \| \[.+\]\((\d{3}-[^)]+\.md)\) \| (.+) \|$/.exec(line);
      if (row)
        rows.set(row[2] as string, [...(rows.get(row[2] as string) ?? []), row[3] as string]);
    }
    const problems = records.flatMap((name) => {
      const listed = rows.get(name) ?? [];
      if (listed.length !== 1) return [`${name}: listed ${listed.length} times`];
      const [status] = statusesOf(readFileSync(new URL(name, folder), "utf8"));
      const shown = (listed[0] as string).replace(/\[([^\]]+)\]\([^)]+\)/g, "$1");
      return status && shown === shortStatus(status) ? [] : [`${name}: index says "${shown}"`];
    });
    const unknown = [...rows.keys()].filter((name) => !records.includes(name));
    expect(problems).toEqual([]);
    expect(unknown).toEqual([]);
  });
});
