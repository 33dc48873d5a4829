import { describe, expect, it } from "vitest";
import { carriesWhiteText, contrastRatio, fullHex, textColorOn } from "./color-contrast.ts";
import { colorPresets, defaults } from "./limits.ts";

describe("text over the primary colour", () => {
  it("measures contrast as WCAG does", () => {
    expect(contrastRatio("#ffffff", "#000000")).toBeCloseTo(21, 5);
    expect(contrastRatio("#777777", "#777777")).toBe(1);
    // The default colour: white text on it is about 3.2:1.
    expect(contrastRatio("#ffffff", "#df7020")).toBeCloseTo(3.24, 1);
  });

  it("keeps white text where it reaches AA and switches to dark text where it would not", () => {
    expect(textColorOn("#2563eb")).toBe("#ffffff");
    expect(textColorOn("#dc2626")).toBe("#ffffff");
    expect(textColorOn("#df7020")).toBe("#111111");
    expect(textColorOn("#ffff00")).toBe("#111111");
    expect(carriesWhiteText("#df7020")).toBe(false);
    expect(carriesWhiteText("#7c3aed")).toBe(true);
  });

  it("reaches AA on every colour, the presets and a sweep of greys and hues", () => {
    const colours = [...colorPresets.map((p) => p.value), "#fff", "#000"];
    for (let v = 0; v < 256; v += 5) {
      const h = v.toString(16).padStart(2, "0");
      colours.push(`#${h}${h}${h}`, `#${h}0000`, `#00${h}00`, `#0000${h}`, `#${h}${h}00`);
    }
    for (const colour of colours) {
      expect(contrastRatio(textColorOn(colour), colour), colour).toBeGreaterThanOrEqual(4.5);
    }
  });

  it("gives every colour preset, and a new blog's colour, white text at AA (decision 354)", () => {
    for (const preset of colorPresets) {
      expect(contrastRatio("#ffffff", preset.value), preset.name).toBeGreaterThanOrEqual(4.5);
      expect(textColorOn(preset.value), preset.name).toBe("#ffffff");
    }
    expect(colorPresets.map((p) => p.name)).toEqual([
      "Burnt Orange",
      "Royal Blue",
      "Emerald Green",
      "Ruby Red",
      "Violet Purple",
      "Teal",
    ]);
    expect(colorPresets.some((p) => p.value === defaults.primaryColor)).toBe(true);
    expect(carriesWhiteText(defaults.primaryColor)).toBe(true);
  });

  it("reads #rgb and #rrggbb only", () => {
    expect(fullHex("#AbC")).toBe("#aabbcc");
    expect(fullHex("#df7020")).toBe("#df7020");
    expect(fullHex("red")).toBeUndefined();
  });
});
