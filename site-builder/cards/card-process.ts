import type { SocialCard } from "../theme/lib/cards.ts";
import { type CardOptions, renderSocialCard } from "./social-card.ts";

type Request = { id: number; card: SocialCard; options: CardOptions };

/** Draws cards for card-drawer.ts in a process of its own, several at once. */
process.on("message", async ({ id, card, options }: Request) => {
  try {
    const png = await renderSocialCard(card, options);
    process.send?.({ id, png });
  } catch (error) {
    process.send?.({ id, error: error instanceof Error ? error.message : String(error) });
  }
});
// The server went away: nothing more to draw.
process.on("disconnect", () => process.exit(0));
