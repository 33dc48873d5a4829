import { readFile } from "node:fs/promises";
import { renderSocialCard } from "../cards/social-card.ts";
import type { SocialCard } from "../theme/lib/cards.ts";
import { webFonts } from "../theme/lib/fonts.ts";
import type { Site } from "../theme/lib/site.ts";
import type { BuildWriter, FileBody } from "./site-output.ts";

/** Draws one social card as PNG bytes (the default: satori + resvg, site-builder/cards). */
export type DrawCard = (card: SocialCard) => Promise<Uint8Array>;

export const drawCard: DrawCard = (card) => renderSocialCard(card);

const fontBytes = new Map<string, Promise<Buffer>>();

/** The blog's font files (its chosen family's faces), read from the package once per process. */
export async function fontFiles(site: Site): Promise<{ file: string; body: FileBody }[]> {
  return Promise.all(
    webFonts(site.blog.fontFamily).map(async (font) => {
      let body = fontBytes.get(font.source);
      if (!body) {
        body = readFile(font.source);
        fontBytes.set(font.source, body);
      }
      return { file: font.file, body: await body };
    }),
  );
}

/** Cards drawn at once: resvg rasterizes on libuv's thread pool (4 threads by default). */
const cardsInParallel = 4;
const cardsPerWrite = 32;

export type CardsResult = { written: number; failed: number };

/**
 * Draws `cards` and writes them, a few at a time, in the order given (the home card, then the
 * newest posts). A card that cannot be drawn or written is reported and skipped (after a failed
 * write, no more are drawn): the pages stay right, and a later render tries again.
 */
export async function writeCards(
  writer: BuildWriter,
  cards: SocialCard[],
  draw: DrawCard,
  onError?: (card: SocialCard, error: unknown) => void,
): Promise<CardsResult> {
  let written = 0;
  let failed = 0;
  let pending: { file: string; body: Uint8Array; card: SocialCard }[] = [];
  let cannotWrite = false;
  const flush = async () => {
    try {
      await writer.writeAll(pending);
      written += pending.length;
    } catch (error) {
      // A full disk, say: the pages are what matters; the cards wait for the next render.
      failed += pending.length;
      for (const file of pending) onError?.(file.card, error);
      cannotWrite = true;
    }
    pending = [];
  };
  for (let start = 0; start < cards.length && !cannotWrite; start += cardsInParallel) {
    const drawn = await Promise.all(
      cards.slice(start, start + cardsInParallel).map(async (card) => {
        try {
          return { file: card.file, body: await draw(card), card };
        } catch (error) {
          failed++;
          onError?.(card, error);
          return undefined;
        }
      }),
    );
    for (const file of drawn) if (file) pending.push(file);
    // Written a few dozen at a time: each file is flushed to disk, and those run in parallel.
    if (pending.length >= cardsPerWrite) await flush();
  }
  if (pending.length > 0) await flush();
  return { written, failed };
}
