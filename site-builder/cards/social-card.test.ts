import sharp from "sharp";
import { describe, expect, it } from "vitest";
import type { SocialCard } from "../theme/lib/cards.ts";
import { renderSocialCard } from "./social-card.ts";

const card = (
  over: Partial<SocialCard["look"]> = {},
  title = "Tomatoes on a balcony",
): SocialCard => ({
  file: "og/0000000000000000.png",
  title,
  subtitle: null,
  look: {
    blogName: "Garden Notes",
    color: "#2563eb",
    fontFamily: "IBM Plex Serif",
    logoUrl: null,
    logoMedia: null,
    host: "garden.blogs.example",
    ...over,
  },
});

/** The colour of one pixel, as #rrggbb. */
async function pixel(png: Buffer, x: number, y: number): Promise<string> {
  const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
  const at = (y * info.width + x) * info.channels;
  return `#${[0, 1, 2].map((i) => (data[at + i] as number).toString(16).padStart(2, "0")).join("")}`;
}

describe("a social card", () => {
  it("is a 1200×630 PNG in the blog's colour as chosen", async () => {
    const png = await renderSocialCard(card({ color: "#df7020" }));
    const meta = await sharp(png).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["png", 1200, 630]);
    expect(await pixel(png, 5, 5)).toBe("#df7020");
  });

  it("draws a logo given as bytes where the initial would be", async () => {
    const logo = await sharp({
      create: { width: 96, height: 96, channels: 3, background: "#ff00ff" },
    })
      .png()
      .toBuffer();
    const withLogo = await renderSocialCard(card(), { logo: { data: logo, type: "image/png" } });
    // Inside the logo's box (top left, after the 72×64 padding).
    expect(await pixel(withLogo, 72 + 48, 64 + 48)).toBe("#ff00ff");
    expect(await pixel(await renderSocialCard(card()), 72 + 48, 64 + 48)).not.toBe("#ff00ff");
  });

  it("renders titles in other scripts or with emoji without failing, in every font choice", async () => {
    for (const fontFamily of ["IBM Plex Serif", "Inter", "Georgia", "Courier New"]) {
      const png = await renderSocialCard(card({ fontFamily }, "Томаты 🍅 на балконе, ἀγαθός"));
      expect((await sharp(png).metadata()).width, fontFamily).toBe(1200);
    }
  });
});
