import { describe, expect, it } from "vitest";
import { toCsv } from "./csv.ts";

describe("toCsv", () => {
  it("quotes what needs quoting and defuses formulas", () => {
    expect(
      toCsv(
        ["Page", "Views"],
        [
          ["/a,b", 3],
          ['say "hi"', 0],
          ["=HYPERLINK()", -1],
          [null, 2],
        ],
      ),
    ).toBe('Page,Views\r\n"/a,b",3\r\n"say ""hi""",0\r\n\'=HYPERLINK(),-1\r\n,2\r\n');
  });
});
