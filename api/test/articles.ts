/**
 * Articles for the substance gate and plagiarism tests (docs/decisions/340): a good article as
 * a careful writer would publish it, and the template filler the gate exists to hold.
 */

/** The sections of a good, varied article on balcony tomatoes (about 800 words). */
export const goodArticleSections = [
  {
    heading: "Pick varieties bred for containers",
    paragraphs: [
      "Balcony tomatoes start with the seed packet. Tall vining types such as beefsteaks need a two-metre cane and a deep pot, which few railings can hold. Dwarf bush varieties stay under a metre, carry their fruit close to the stem and cope with wind far better.",
      "Cherry types forgive more mistakes than large slicers. They ripen in sequence over many weeks, so a missed watering costs you a handful of fruit rather than the whole crop. If you want one plant only, choose a compact cherry and leave the heirlooms for next year.",
    ],
  },
  {
    heading: "Give the roots enough soil",
    paragraphs: [
      "Most failures on balconies come from pots that are simply too small. A single plant wants roughly twenty litres of compost; anything less dries out by lunchtime in July. Wide, pale containers stay cooler than narrow black ones, and a saucer underneath catches runoff before it drips onto the neighbours.",
      "Fill the pot with a peat-free multipurpose mix and blend in a few handfuls of garden compost for structure. Skip the gravel layer that older guides recommend: it raises the wet zone instead of draining it, and the roots end up sitting in soggy soil.",
    ],
  },
  {
    heading: "Find the sunniest corner",
    paragraphs: [
      "Tomatoes need at least six hours of direct light to set fruit well. A south or west facing balcony is ideal, while an east aspect still works for cherry types. Watch where shadows fall across a whole day before you commit to a spot, because a neighbouring wall can steal the afternoon sun.",
      "Wind is the hidden problem up high. Gusts snap stems and dry leaves faster than heat does, so tie each plant loosely to a stake and place the pot against the wall rather than at the open edge.",
    ],
  },
  {
    heading: "Water deeply and feed regularly",
    paragraphs: [
      "Irregular watering causes split fruit and blossom end rot, the dark leathery patch on the base of a tomato. Water until it runs from the drainage holes, then wait until the top few centimetres feel dry. In a heatwave that can mean mornings and evenings.",
      "Once the first flowers open, switch to a high-potash liquid feed every week. Follow the dilution on the bottle; stronger doses scorch roots without adding flavour. A layer of mulch, such as straw or shredded cardboard, slows evaporation noticeably.",
    ],
  },
  {
    heading: "Prune, pollinate and pick",
    paragraphs: [
      "Cordon varieties grow side shoots in the angle between stem and leaf. Pinch them out while they are small so the plant puts its energy into trusses. Bush types need no pruning at all, which is another reason they suit beginners.",
      "Insects rarely reach the fifth floor, so help pollination yourself. Flick the flower trusses gently on warm, dry mornings, or brush each open flower with a soft paintbrush. Harvest as soon as the fruit colours fully; leaving ripe tomatoes on the vine invites birds and splitting.",
    ],
  },
] as const;

/** The good article as post HTML: an introduction, H2 sections, a conclusion. */
export function goodArticle(keyword = "balcony tomatoes"): string {
  const intro = `<p>Growing ${keyword} is easier than most people expect, provided you plan for the limits of a small outdoor space. This guide walks through choosing plants, pots, light and care so your first season ends with a steady harvest instead of wilted leaves.</p>`;
  const sections = goodArticleSections
    .map((s) => `<h2>${s.heading}</h2>\n${s.paragraphs.map((p) => `<p>${p}</p>`).join("\n")}`)
    .join("\n");
  const outro =
    "<h2>Conclusion</h2>\n<p>A balcony crop rewards small, steady habits more than clever tricks. Start with one sturdy variety in a generous pot, keep an eye on water during hot spells, and note what worked. Next spring you will know exactly which corner, compost and cultivar suit your own conditions.</p>";
  return `${intro}\n${sections}\n${outro}`;
}

/**
 * Template filler (issue 32): one sentence repeated with its content words swapped, as a model
 * padding a post writes it. Paragraphs of five sentences under H2 headings.
 */
export function templateFiller(topic: string, words = 900): string {
  const verbs = ["Take", "Have", "Give", "Get", "Make"];
  const adjectives = ["small", "quick", "good", "simple", "clear", "short", "close"];
  const nouns = ["part", "side", "bit", "piece", "step", "area"];
  const things = ["setup", "plan", "space", "routine", "garden", "project"];
  const goals = ["good", "simple", "clean", "steady", "easy", "tidy"];
  const extra = ["useful", "main", "key", "best", "right"];
  const sentences: string[] = [];
  let count = 0;
  for (let i = 0; count < words; i++) {
    const pick = <T>(list: readonly T[], step: number) => list[(i * step) % list.length] as T;
    const sentence = `${pick(verbs, 1)} a ${pick(adjectives, 3)} look at the ${pick(extra, 2)} ${pick(nouns, 5)} of your ${pick(things, 7)} and keep it ${pick(goals, 11)}.`;
    sentences.push(sentence);
    count += sentence.split(" ").length;
  }
  const paragraphs: string[] = [];
  for (let i = 0; i < sentences.length; i += 5)
    paragraphs.push(`<p>${sentences.slice(i, i + 5).join(" ")}</p>`);
  const out: string[] = [
    `<p>This is a guide to ${topic.toLowerCase()}. ${paragraphs.shift()?.slice(3)}`,
  ];
  paragraphs.forEach((p, i) => {
    if (i % 3 === 0) out.push(`<h2>Part ${i / 3 + 1} of ${topic.toLowerCase()}</h2>`);
    out.push(p);
  });
  return out.join("\n");
}

/**
 * Paragraphs of a web article on the same subject as the good article but in other words: the
 * page the plagiarism tests serve on 127.0.0.1 (a post copying them is held; the good article,
 * sharing only the subject, is not).
 */
export const webArticleParagraphs = [
  "Container gardening on a high balcony is mostly a question of managing heat and wind. Terracotta pots look lovely but lose moisture through their walls, so glazed or plastic containers make life easier during a dry summer week.",
  "Self-watering planters with a reservoir in the base have changed how city gardeners grow vegetables. The wick draws moisture upward as the compost dries, which evens out the supply and cuts the number of trips with a watering can to every second or third day.",
  "Peppers, dwarf beans and salad leaves share a pot happily with a tomato if the container is wide enough. Plant the leafy crops around the edge where they shade the soil and keep the roots of the taller plant cool on hot afternoons.",
  "Railing planters hang outside the balcony and free the floor for bigger pots, but check the rules of your building first. Many leases forbid anything fixed to the outer side of the railing because a falling box could injure someone below.",
  "At the end of the season, do not throw the old compost away. Sieve out the roots, mix it with fresh material and a handful of slow-release fertiliser, and it will carry a crop of spring bulbs or winter herbs.",
] as const;
