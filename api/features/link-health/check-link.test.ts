import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type MerchantServer, startMerchantServer } from "../../test/merchant-server.ts";
import { checkLink, defaultLinkCheckOptions, type LinkCheckOptions } from "./check-link.ts";

let merchant: MerchantServer;
beforeAll(async () => {
  merchant = await startMerchantServer();
});
afterAll(() => merchant.close());

const options: LinkCheckOptions = {
  ...defaultLinkCheckOptions,
  timeoutMs: 1500,
  testLoopback: true,
};

describe("checking one link", () => {
  it("classifies 200, a 301 chain, 404, 410, HEAD refused, a redirect loop, a timeout and a slow body", async () => {
    expect(await checkLink(merchant.url("/ok"), options)).toEqual({
      status: "ok",
      httpStatus: 200,
      finalUrl: null,
      redirects: [],
      error: null,
    });
    expect(await checkLink(merchant.url("/moved"), options)).toEqual({
      status: "redirected",
      httpStatus: 200,
      finalUrl: merchant.url("/ok"),
      redirects: [merchant.url("/moved-2"), merchant.url("/ok")],
      error: null,
    });
    expect(await checkLink(merchant.url("/gone-404"), options)).toMatchObject({
      status: "broken",
      httpStatus: 404,
    });
    expect(await checkLink(merchant.url("/gone-410"), options)).toMatchObject({
      status: "broken",
      httpStatus: 410,
    });
    expect(await checkLink(merchant.url("/head-refused"), options)).toMatchObject({
      status: "ok",
      httpStatus: 200,
    });
    const methods = merchant.hits
      .filter((hit) => hit.path === "/head-refused")
      .map((h) => h.method);
    expect(methods).toEqual(["HEAD", "GET"]);
    expect(await checkLink(merchant.url("/loop"), options)).toMatchObject({
      status: "broken",
      httpStatus: null,
      error: "The address redirects more than 5 times.",
    });

    const hangStarted = Date.now();
    expect(await checkLink(merchant.url("/hang"), options)).toMatchObject({
      status: "unreachable",
      httpStatus: null,
      error: `Fetching ${merchant.url("/hang")} took too long.`,
    });
    expect(Date.now() - hangStarted).toBeLessThan(3000);

    // The status is the answer: a body that trickles for a minute is not waited for.
    const slowStarted = Date.now();
    expect(await checkLink(merchant.url("/slow-body"), options)).toMatchObject({
      status: "ok",
      httpStatus: 200,
    });
    expect(Date.now() - slowStarted).toBeLessThan(1000);
  });

  it("names Blogfleet in its user agent", async () => {
    await checkLink(merchant.url("/ok"), options);
    const last = merchant.hits.at(-1);
    expect(last?.userAgent).toMatch(/^Blogfleet-LinkCheck\//);
  });

  it("refuses loopback, private and link-local addresses without the tests' allowance", async () => {
    const before = merchant.hits.length;
    const refused = [
      merchant.url("/ok"),
      "http://10.0.0.8/",
      "http://192.168.1.1/",
      "http://169.254.169.254/latest/meta-data/",
      "http://[::1]/",
    ];
    for (const url of refused) {
      const result = await checkLink(url, { ...defaultLinkCheckOptions, timeoutMs: 1500 });
      expect(result.status, url).toBe("unreachable");
      expect(result.error, url).toMatch(/is not a public address; it is not fetched\.$/);
    }
    // A public-looking name resolving to loopback, and a public site redirecting to loopback.
    const named = await checkLink("http://shop.example.test/ok", {
      ...defaultLinkCheckOptions,
      timeoutMs: 1500,
      resolveHost: async () => [{ address: "127.0.0.1", family: 4 }],
    });
    expect(named.status).toBe("unreachable");
    expect(named.error).toMatch(/not a public address/);
    // The allowance is exactly 127.0.0.1: a redirect to another loopback address is refused.
    const otherLoopback = await checkLink(`http://127.0.0.2:${new URL(merchant.origin).port}/`, {
      ...options,
    });
    expect(otherLoopback.status).toBe("unreachable");
    expect(merchant.hits.length).toBe(before);
  });
});
