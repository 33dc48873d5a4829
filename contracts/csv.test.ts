import { describe, expect, it } from "vitest";
import { csvField, parseCsv, parseCsvLines, toCsv } from "./csv.ts";

describe("parseCsvLines", () => {
  it("gives each row the line it starts on, counting line breaks inside quotes", () => {
    expect(
      parseCsvLines('\uFEFFemail,note\r\na@example.com,"two\nlines"\n\nb@example.com,x\n'),
    ).toEqual([
      { line: 1, fields: ["email", "note"] },
      { line: 2, fields: ["a@example.com", "two\nlines"] },
      { line: 5, fields: ["b@example.com", "x"] },
    ]);
  });

  it("reads what parseCsv reads", () => {
    const text = 'a,"b ""q"", c"\r\n1,"line\nbreak"\n\n';
    expect(parseCsv(text)).toEqual(parseCsvLines(text).map((row) => row.fields));
  });
});

describe("writing CSV", () => {
  it("defuses formulas and quotes what needs it", () => {
    expect(csvField("=SUM(A1)")).toBe("'=SUM(A1)");
    expect(csvField("+1 call")).toBe("'+1 call");
    expect(csvField("-12.5")).toBe("-12.5");
    expect(csvField("@home")).toBe("'@home");
    expect(csvField('say "hi", then')).toBe('"say ""hi"", then"');
    expect(csvField(null)).toBe("");
    expect(toCsv(["a", "b"], [["x", 1]])).toBe("a,b\r\nx,1\r\n");
  });

  it("reads back what it writes", () => {
    const rows = [["=cmd", 'a "b"', "line\nbreak", ""]];
    expect(parseCsv(toCsv(["w", "x", "y", "z"], rows))).toEqual([
      ["w", "x", "y", "z"],
      ["'=cmd", 'a "b"', "line\nbreak", ""],
    ]);
  });
});
