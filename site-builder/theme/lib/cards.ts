import { hash } from "node:crypto";
import { safeColor } from "./format.ts";
import { fallbackVariant } from "./images.ts";
import type { Site, ThemePost } from "./site.ts";

/**
 * Social cards (decision 120): a 1200×630 PNG per post without a feature image, and one for the
 * blog home (also shown for its category and author pages), drawn in the blog's look. A card's
 * file is named by a hash of everything drawn on it, so an unchanged card keeps its name (and is
 * not drawn again), and a new title or look gives a new name (and a new card).
 */

export const cardWidth = 1200;
export const cardHeight = 630;

/** Bumped when the card's drawing changes, so every card is drawn again. */
export const cardDesignVersion = 1;

/** What a card shows besides its title: the blog's look. */
export type CardLook = {
  blogName: string;
  color: string;
  fontFamily: string;
  logoUrl: string | null;
  /**
   * The uploaded logo (issue 17): its PNG/JPEG file in the blog's media library, which the
   * drawer loads from storage (an owner's logo URL is never fetched by the server).
   */
  logoMedia: { blogId: string; file: string; type: "image/png" | "image/jpeg" } | null;
  /** The blog's host as readers see it, printed at the bottom. */
  host: string;
};

export type SocialCard = {
  /** Site-relative file: `og/{hash}.png`. */
  file: string;
  title: string;
  /** A second line under the title (the home card's description). */
  subtitle: string | null;
  look: CardLook;
  /** The post it is for; undefined for the blog's own card. */
  postId?: string;
};

const looks = new WeakMap<Site, { look: CardLook; key: string }>();

export const cardLook = (site: Site): CardLook => lookOf(site).look;

/** The blog's look, and the part of every card's hash it gives (computed once per snapshot). */
function lookOf(site: Site): { look: CardLook; key: string } {
  const known = looks.get(site);
  if (known) return known;
  let host = site.canonicalBase;
  try {
    const url = new URL(site.canonicalBase);
    host = `${url.host}${url.pathname === "/" ? "" : url.pathname}`;
  } catch {
    // a canonical base that is not a URL is printed as it is
  }
  const look = {
    blogName: site.blog.name,
    color: safeColor(site.blog.primaryColor),
    fontFamily: site.blog.fontFamily,
    logoUrl: site.blog.logoUrl,
    logoMedia: logoMediaOf(site),
    host,
  };
  const entry = { look, key: JSON.stringify([cardDesignVersion, look]) };
  looks.set(site, entry);
  return entry;
}

function logoMediaOf(site: Site): CardLook["logoMedia"] {
  const logo = site.blog.logo;
  if (!logo) return null;
  const file = fallbackVariant(logo);
  if (file.format !== "png" && file.format !== "jpeg") return null;
  return { blogId: site.blog.id, file: file.file, type: `image/${file.format}` };
}

/** One hash per card (10,000 posts: a few milliseconds), over the look and the text drawn. */
function card(site: Site, title: string, subtitle: string | null, postId?: string): SocialCard {
  const { look, key } = lookOf(site);
  const digest = hash("sha256", `${key}\u0000${title}\u0000${subtitle ?? ""}`).slice(0, 16);
  return { file: `og/${digest}.png`, title, subtitle, look, ...(postId ? { postId } : {}) };
}

/**
 * Cards already named, by post object: a snapshot reuses the post objects of unchanged posts,
 * so a publish into a 10,000-post blog hashes one title, not 10,000.
 */
const postCards = new WeakMap<ThemePost, { key: string; card: SocialCard }>();

/** The card of a post (its title in the blog's look). */
export function postCard(site: Site, post: ThemePost): SocialCard {
  const { key } = lookOf(site);
  const known = postCards.get(post);
  if (known && known.key === key && known.card.title === post.title) return known.card;
  const made = card(site, post.title, null, post.id);
  postCards.set(post, { key, card: made });
  return made;
}

const homeCards = new WeakMap<Site, SocialCard>();

/**
 * The card of the blog itself: its name and description. Made once per snapshot: every page
 * that is not a post names it (a hash each time, otherwise).
 */
export function homeCard(site: Site): SocialCard {
  let made = homeCards.get(site);
  if (!made) {
    made = card(site, site.blog.name, site.blog.description);
    homeCards.set(site, made);
  }
  return made;
}

/** Whether a post has a feature image of its own (then no card is made for it). */
export const hasFeatureImage = (post: ThemePost): boolean => Boolean(post.featureImage);

const cardsOf = new WeakMap<Site, Map<string, SocialCard>>();

/**
 * Every card a site's pages show, by file: the blog's first, then the posts newest first (posts
 * with a feature image have none). Computed once per snapshot.
 */
export function siteCards(site: Site): Map<string, SocialCard> {
  const known = cardsOf.get(site);
  if (known) return known;
  const cards = new Map<string, SocialCard>();
  cardsOf.set(site, cards);
  const home = homeCard(site);
  cards.set(home.file, home);
  for (const post of site.posts) {
    if (hasFeatureImage(post)) continue;
    const postsCard = postCard(site, post);
    cards.set(postsCard.file, postsCard);
  }
  return cards;
}
