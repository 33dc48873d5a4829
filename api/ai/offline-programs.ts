/**
 * Affiliate networks and programs that accept most blogs, used when no AI provider is set.
 * They are general suggestions (not researched for the blog), and are labelled as such.
 */
export const programCatalogue = [
  {
    programName: "Amazon Associates",
    category: "Marketplace",
    description:
      "Link to almost any product on Amazon and earn on qualifying purchases made within 24 hours.",
    commissionRate: "1–10% by product category",
    signupUrl: "https://affiliate-program.amazon.com/",
    fits: [],
  },
  {
    programName: "Awin",
    category: "Affiliate network",
    description:
      "A network of 25,000+ advertisers, from fashion and travel to finance and software, with one sign-up.",
    commissionRate: "Set by each advertiser",
    signupUrl: "https://www.awin.com/",
    fits: ["fashion", "travel", "finance", "home"],
  },
  {
    programName: "ShareASale",
    category: "Affiliate network",
    description: "Thousands of merchants, strong in home, garden, crafts and small online shops.",
    commissionRate: "Set by each merchant",
    signupUrl: "https://www.shareasale.com/",
    fits: ["garden", "home", "craft", "diy"],
  },
  {
    programName: "CJ Affiliate",
    category: "Affiliate network",
    description: "Large brands across retail, travel, telecom and finance.",
    commissionRate: "Set by each advertiser",
    signupUrl: "https://www.cj.com/",
    fits: ["travel", "finance", "tech"],
  },
  {
    programName: "Impact",
    category: "Partnership platform",
    description: "Direct partnerships with software, subscription and retail brands.",
    commissionRate: "Set by each brand",
    signupUrl: "https://impact.com/",
    fits: ["software", "saas", "tech", "subscription"],
  },
  {
    programName: "Etsy Affiliate Program",
    category: "Marketplace",
    description:
      "Handmade and vintage goods, a natural fit for craft, gift and home decor content.",
    commissionRate: "Up to 4%",
    signupUrl: "https://www.etsy.com/affiliates",
    fits: ["craft", "gift", "decor", "home"],
  },
  {
    programName: "Booking.com Affiliate Partner Programme",
    category: "Travel",
    description: "Hotels and stays worldwide; earn on completed bookings.",
    commissionRate: "25–40% of Booking.com's commission",
    signupUrl: "https://www.booking.com/affiliate-program/v2/index.html",
    fits: ["travel", "hiking", "outdoor"],
  },
  {
    programName: "REI Affiliate Program",
    category: "Outdoor gear",
    description: "Outdoor clothing and equipment from a co-op retailer.",
    commissionRate: "5%",
    signupUrl: "https://www.rei.com/affiliate",
    fits: ["hiking", "outdoor", "camping", "running"],
  },
] as const;
