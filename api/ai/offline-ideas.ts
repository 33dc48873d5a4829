import type { SuggestedBlogIdea } from "../../contracts/recommendations.ts";

const offline =
  "Offline suggestion from Blogfleet's built-in list, not researched for you. Set an AI provider for ideas researched each week.";

/**
 * Evergreen niches with steady affiliate demand, used when no AI provider is set. The texts
 * promise nothing the product does not do: no expert review, no product testing for the owner.
 */
export const ideaCatalogue: SuggestedBlogIdea[] = [
  {
    suggestedName: "Balcony Harvest",
    suggestedNiche: "Small-space vegetable gardening",
    suggestedDomain: "balconyharvest.com",
    targetAudience: "City dwellers with a balcony or windowsill who want to grow food.",
    monetizationPotential:
      "Containers, grow lights, seeds and soil from garden retailers and Amazon.",
    marketOpportunity:
      "Urban gardening searches grow every spring; few sites focus on small spaces.",
    contentStrategy:
      "Step-by-step growing guides per crop, monthly planting calendars, container and soil comparisons.",
    suggestedTopics: [
      "Best vegetables for a balcony",
      "Self-watering containers compared",
      "Grow lights for herbs",
      "Composting in a flat",
      "Balcony tomatoes step by step",
    ],
    reasoning: offline,
  },
  {
    suggestedName: "Home Office Setup Lab",
    suggestedNiche: "Ergonomic home office gear",
    suggestedDomain: "homeofficesetuplab.com",
    targetAudience: "Remote workers who spend eight hours a day at a home desk.",
    monetizationPotential: "Desks, chairs, monitors and accessories with high basket values.",
    marketOpportunity: "Remote work is here to stay; buyers research expensive gear carefully.",
    contentStrategy: "Buying guides by budget tier, setup walkthroughs and posture basics.",
    suggestedTopics: [
      "Standing desk buying guide",
      "Monitor arms explained",
      "Best chairs under $300",
      "Cable management",
      "Lighting for video calls",
    ],
    reasoning: offline,
  },
  {
    suggestedName: "Trail Ready",
    suggestedNiche: "Beginner hiking and backpacking",
    suggestedDomain: "trailready.net",
    targetAudience: "New hikers planning their first day hikes and overnight trips.",
    monetizationPotential: "Outdoor retailers, booking sites and gear subscriptions.",
    marketOpportunity: "Outdoor participation keeps rising; beginners look for clear checklists.",
    contentStrategy: "Gear checklists, trail guides by region, safety basics and gear comparisons.",
    suggestedTopics: [
      "Day hike packing list",
      "First backpacking trip",
      "Hiking boots vs trail runners",
      "Layering for cold hikes",
      "Beginner trails near cities",
    ],
    reasoning: offline,
  },
  {
    suggestedName: "Pet Nutrition Notes",
    suggestedNiche: "Dog and cat nutrition",
    suggestedDomain: "petnutritionnotes.com",
    targetAudience: "Pet owners comparing foods, supplements and feeding plans.",
    monetizationPotential: "Pet food subscriptions and supplements with recurring commissions.",
    marketOpportunity: "Premium pet food spending grows yearly; owners want clear comparisons.",
    contentStrategy:
      "Ingredient breakdowns, brand comparisons and feeding basics that send health questions to a vet.",
    suggestedTopics: [
      "Reading a pet food label",
      "Grain-free: what the evidence says",
      "Fresh food subscriptions compared",
      "Feeding senior dogs",
      "Cat hydration tips",
    ],
    reasoning: offline,
  },
  {
    suggestedName: "Budget Travel Kitchen",
    suggestedNiche: "Cooking while travelling on a budget",
    suggestedDomain: "budgettravelkitchen.com",
    targetAudience: "Backpackers and van-lifers who cook on the road.",
    monetizationPotential: "Camping stoves, cookware, booking sites and travel insurance.",
    marketOpportunity:
      "Food costs are a top travel worry; practical road-cooking content is scarce.",
    contentStrategy: "One-pot recipes, gear comparisons, supermarket guides by country.",
    suggestedTopics: [
      "One-pot camp meals",
      "Best compact stoves",
      "Hostel kitchen hacks",
      "Eating well on $20 a day",
      "Van life pantry list",
    ],
    reasoning: offline,
  },
];
