import { describe, expect, it } from "vitest";
import { textColorOn } from "../../../contracts/color-contrast.ts";
import { fontFaceCss, fontStack } from "./fonts.ts";
import { accessibleShade } from "./format.ts";
import { fontFaces, rootStyle } from "./look.ts";

describe("a blog's look, worked out once", () => {
  it("gives every page the colours and font the contrast rules give", () => {
    for (const colour of ["#df7020", "#ffeb3b", "#123", "#0a0a0a"]) {
      expect(rootStyle(colour, "Inter")).toBe(
        [
          `--primary: ${colour}`,
          `--primary-ink: ${accessibleShade(colour, "#faf6ef")}`,
          `--on-primary: ${textColorOn(colour)}`,
          `--font: ${fontStack("Inter")}`,
        ].join("; "),
      );
    }
  });

  it("falls back to the default colour for anything that is not a colour", () => {
    expect(rootStyle("red; background: url(x)", "Inter")).toBe(rootStyle("#df7020", "Inter"));
  });

  it("gives the font rules of the page's depth", () => {
    expect(fontFaces("Inter", "../")).toBe(fontFaceCss("Inter", "../"));
    expect(fontFaces("Inter", "./")).toBe(fontFaceCss("Inter", "./"));
    expect(fontFaces("Inter", "./")).not.toBe(fontFaces("Inter", "../"));
  });
});
