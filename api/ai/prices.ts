import { z } from "zod";
import type { AiCost } from "../../contracts/ai-usage.ts";

/**
 * What a model costs, in US dollars per million tokens, as the operator sets it in AI_PRICES
 * (`{ "gpt-4o-mini": { "input": 0.15, "output": 0.6 } }`): `input` for the prompt's tokens,
 * `output` for the answer's. Prices are the operator's to keep right: providers change them,
 * and an OpenAI-compatible endpoint may be a local model that costs nothing.
 */
const dollarsPerMillion = z
  .number({ error: "must be US dollars per million tokens (a number)" })
  .min(0, "must be 0 or more");
export const aiPriceTable = z.record(
  z.string().trim().min(1),
  z.strictObject(
    { input: dollarsPerMillion, output: dollarsPerMillion },
    { error: 'must be {"input": …, "output": …} in US dollars per million tokens' },
  ),
  { error: 'must be prices by model, such as {"gpt-4o-mini":{"input":0.15,"output":0.6}}' },
);
export type AiPrices = z.infer<typeof aiPriceTable>;
export type AiPrice = AiPrices[string];

/** A dated snapshot's suffix (`-2024-08-06`, `-20241022`, `-0125`): providers answer with it. */
const snapshotSuffix = /-(\d{4}-\d{2}-\d{2}|\d{8}|\d{4})$/;

/**
 * The price of `model`: its own entry, else the entry of the name without its snapshot date
 * (the provider answers `gpt-4o-mini-2024-07-18` to a call for `gpt-4o-mini`). None: unknown.
 */
export function priceOf(prices: AiPrices, model: string): AiPrice | undefined {
  return prices[model] ?? prices[model.replace(snapshotSuffix, "")];
}

export type TokenCount = { model: string; promptTokens: number; completionTokens: number };

/**
 * The estimated price of some calls. Tokens of a model without a price are counted apart, as
 * unknown: never priced at 0, and a total with any of them is only the least it cost.
 */
export function costOf(prices: AiPrices, counts: readonly TokenCount[]): AiCost {
  let usd = 0;
  let priced = false;
  let unpricedTokens = 0;
  for (const count of counts) {
    const price = priceOf(prices, count.model);
    if (!price) {
      unpricedTokens += count.promptTokens + count.completionTokens;
      continue;
    }
    priced = true;
    usd += (count.promptTokens * price.input + count.completionTokens * price.output) / 1_000_000;
  }
  if (!priced && unpricedTokens > 0) return { usd: null, unpricedTokens };
  // Millionths of a dollar are as exact as an estimate gets (and hide float noise).
  return { usd: Math.round(usd * 1_000_000) / 1_000_000, unpricedTokens };
}
