import { describe, expect, it } from "vitest";
import { costOf, priceOf } from "./prices.ts";

const prices = {
  "gpt-4o-mini": { input: 0.15, output: 0.6 },
  "gpt-4o": { input: 2.5, output: 10 },
  "local-llama": { input: 0, output: 0 },
};

describe("estimated AI prices", () => {
  it("finds a model's price by its name, or a dated snapshot's by the name without the date", () => {
    expect(priceOf(prices, "gpt-4o-mini")).toEqual(prices["gpt-4o-mini"]);
    expect(priceOf(prices, "gpt-4o-mini-2024-07-18")).toEqual(prices["gpt-4o-mini"]);
    expect(priceOf(prices, "gpt-4o-2024-08-06")).toEqual(prices["gpt-4o"]);
    // Not a prefix match: another model is not priced like a shorter name.
    expect(priceOf(prices, "gpt-4o-audio-preview")).toBeUndefined();
    expect(priceOf(prices, "claude-3-5-sonnet-20241022")).toBeUndefined();
  });

  it("prices prompt and answer tokens apart, per million", () => {
    expect(
      costOf(prices, [
        { model: "gpt-4o-mini", promptTokens: 1_000_000, completionTokens: 500_000 },
        { model: "gpt-4o", promptTokens: 120, completionTokens: 880 },
      ]),
    ).toEqual({ usd: 0.4591, unpricedTokens: 0 });
    // A model that costs nothing is $0, and known.
    expect(
      costOf(prices, [{ model: "local-llama", promptTokens: 10, completionTokens: 10 }]),
    ).toEqual({ usd: 0, unpricedTokens: 0 });
  });

  it("never prices tokens of a model without a price at 0", () => {
    expect(costOf(prices, [{ model: "mystery", promptTokens: 100, completionTokens: 50 }])).toEqual(
      { usd: null, unpricedTokens: 150 },
    );
    expect(
      costOf(prices, [
        { model: "mystery", promptTokens: 100, completionTokens: 50 },
        { model: "gpt-4o", promptTokens: 120, completionTokens: 880 },
      ]),
    ).toEqual({ usd: 0.0091, unpricedTokens: 150 });
    expect(costOf({}, [])).toEqual({ usd: 0, unpricedTokens: 0 });
  });
});
