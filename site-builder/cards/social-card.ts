import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { textColorOn } from "../../contracts/color-contrast.ts";
import { cardHeight, cardWidth, type SocialCard } from "../theme/lib/cards.ts";
import { webFonts } from "../theme/lib/fonts.ts";

/**
 * Draws a social card (decision 120): satori lays the card out (text wrapped with the blog's
 * own font, turned into paths) and resvg rasterizes it to PNG on libuv's thread pool, so the
 * event loop only carries satori's few milliseconds. Both load at the first card (decision 160):
 * an idle server, or one whose blogs are all rendered, does not hold them.
 */

type SatoriFont = { name: string; data: Buffer; weight: 400 | 700; style: "normal" };
const fontsOf = new Map<string, SatoriFont[]>();

/**
 * Satori reads TTF, OTF and WOFF, not WOFF2: the same faces from the package's .woff files, in
 * every subset the package has (latin first), so a title in another script still gets glyphs
 * (the card is drawn on the server: readers download none of these).
 */
function satoriFonts(family: string): SatoriFont[] {
  const known = fontsOf.get(family);
  if (known) return known;
  const fonts: SatoriFont[] = [];
  for (const font of webFonts(family).filter((f) => f.style === "normal")) {
    const latin = font.source.replace(/\.woff2$/, ".woff");
    const folder = dirname(latin);
    const subsets = Object.keys(
      JSON.parse(readFileSync(join(folder, "..", "unicode.json"), "utf8")) as object,
    );
    for (const subset of ["latin", ...subsets.filter((s) => s !== "latin")]) {
      const file = latin.replace("-latin-", `-${subset}-`);
      if (!existsSync(file)) continue;
      // One name per subset: satori takes a family's first face and falls back along the list.
      const name = subset === "latin" ? font.cssName : `${font.cssName} ${subset}`;
      fonts.push({ name, data: readFileSync(file), weight: font.weight, style: "normal" });
    }
  }
  fontsOf.set(family, fonts);
  return fonts;
}

/** Emoji and other pictographs: no blog font has them (they would show as empty boxes). */
const pictographs = /\p{Extended_Pictographic}|\u{FE0F}|\u{200D}/gu;

type Node = {
  type: string;
  props: { style?: Record<string, unknown>; children?: unknown; src?: string };
};
const box = (style: Record<string, unknown>, children?: unknown, type = "div"): Node => ({
  type,
  props: { style, children },
});

/** Long titles get a smaller size; the longest are cut at a word with an ellipsis. */
function titleLayout(title: string): { text: string; size: number } {
  const clean = title.replace(pictographs, "").replace(/\s+/g, " ").trim();
  const max = 140;
  const text =
    clean.length <= max ? clean : `${clean.slice(0, clean.lastIndexOf(" ", max - 1) || max)}…`;
  const size = text.length <= 40 ? 76 : text.length <= 80 ? 64 : 52;
  return { text, size };
}

export type CardOptions = {
  /** The blog's logo image (PNG, JPEG), when the caller could load it safely. */
  logo?: { data: Uint8Array; type: "image/png" | "image/jpeg" };
};

/** The card as SVG (text as paths). */
export async function socialCardSvg(card: SocialCard, options: CardOptions = {}): Promise<string> {
  const { look } = card;
  const ink = textColorOn(look.color);
  const fonts = satoriFonts(look.fontFamily);
  const title = titleLayout(card.title);
  const logo = options.logo
    ? box({ width: 96, height: 96, borderRadius: 16, objectFit: "contain" }, undefined, "img")
    : box(
        {
          width: 96,
          height: 96,
          borderRadius: 16,
          border: `4px solid ${ink}`,
          display: "flex",
          alignItems: "center",
          justifyContent: "center",
          fontSize: 52,
          fontWeight: 700,
        },
        (look.blogName.trim()[0] ?? "B").toUpperCase(),
      );
  if (options.logo) {
    logo.props.src = `data:${options.logo.type};base64,${Buffer.from(options.logo.data).toString("base64")}`;
  }
  const tree = box(
    {
      // Satori sizes boxes without their padding (content-box).
      width: cardWidth - 2 * 72,
      height: cardHeight - 2 * 64,
      display: "flex",
      flexDirection: "column",
      justifyContent: "space-between",
      padding: "64px 72px",
      backgroundColor: look.color,
      color: ink,
      fontFamily: [...new Set(fonts.map((f) => `'${f.name}'`))].join(", "),
    },
    [
      box({ display: "flex", alignItems: "center", gap: 28 }, [
        logo,
        box(
          { fontSize: 38, fontWeight: 700, lineClamp: 1, maxWidth: 900 },
          look.blogName.replace(pictographs, ""),
        ),
      ]),
      box({ display: "flex", flexDirection: "column", gap: 20 }, [
        box({ fontSize: title.size, fontWeight: 700, lineHeight: 1.12, lineClamp: 4 }, title.text),
        ...(card.subtitle
          ? [
              box(
                { fontSize: 32, lineHeight: 1.3, lineClamp: 2 },
                card.subtitle.replace(pictographs, ""),
              ),
            ]
          : []),
      ]),
      box(
        { display: "flex", fontSize: 28, borderTop: `3px solid ${ink}`, paddingTop: 20 },
        look.host,
      ),
    ],
  );
  const { default: satori } = await import("satori");
  return satori(tree as Parameters<typeof satori>[0], {
    width: cardWidth,
    height: cardHeight,
    fonts,
  });
}

/** The card as a 1200×630 PNG. */
export async function renderSocialCard(
  card: SocialCard,
  options: CardOptions = {},
): Promise<Buffer> {
  const svg = await socialCardSvg(card, options);
  const { renderAsync } = await import("@resvg/resvg-js");
  const image = await renderAsync(svg, {
    fitTo: { mode: "original" },
    font: { loadSystemFonts: false },
    logLevel: "off",
  });
  // resvg's own PNG encoder took two thirds of a card's time; libvips (sharp, on libuv's pool)
  // encodes the same pixels about five times faster, and smaller. The card is opaque (its
  // background fills it), so the alpha channel carries nothing (decision 150).
  const { default: sharp } = await import("sharp");
  return sharp(image.pixels, { raw: { width: image.width, height: image.height, channels: 4 } })
    .removeAlpha()
    .png()
    .toBuffer();
}
