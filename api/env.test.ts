import { describe, expect, it } from "vitest";
import { InvalidEnvironmentError, parseEnv } from "./env.ts";

const messageOf = (source: Record<string, string>) => {
  try {
    parseEnv(source);
  } catch (error) {
    expect(error).toBeInstanceOf(InvalidEnvironmentError);
    return (error as Error).message;
  }
  throw new Error("parseEnv accepted an invalid environment");
};

describe("environment", () => {
  it("has defaults for the embedded set-up", () => {
    expect(parseEnv({})).toMatchObject({
      PORT: 3000,
      DATABASE_URL: "file:./data/blogfleet.db",
      SITES_DIR: "./sites-output",
      BLOG_DOMAIN: "localhost",
      TRUST_PROXY: false,
      AI_MODEL: "gpt-4o-mini",
      PROCESS_ROLE: "all",
    });
    expect(parseEnv({}).APP_ORIGIN).toBeUndefined();
    expect(parseEnv({}).STORAGE_URL).toBeUndefined();
  });

  it("takes object storage and a process role, and names what is wrong with them", () => {
    expect(
      parseEnv({
        STORAGE_URL: "s3://blogfleet-sites/prod",
        AWS_ENDPOINT_URL: "http://127.0.0.1:9000",
        PROCESS_ROLE: "all",
      }),
    ).toMatchObject({
      STORAGE_URL: "s3://blogfleet-sites/prod",
      AWS_ENDPOINT_URL: "http://127.0.0.1:9000",
      PROCESS_ROLE: "all",
    });
    // Separate web and worker processes need the database they share work through.
    expect(messageOf({ PROCESS_ROLE: "worker" })).toMatch(
      /PROCESS_ROLE: must be all with a SQLite/,
    );
    const message = messageOf({
      STORAGE_URL: "/var/sites",
      AWS_ENDPOINT_URL: "minio",
      PROCESS_ROLE: "both",
    });
    for (const name of ["STORAGE_URL", "AWS_ENDPOINT_URL", "PROCESS_ROLE"]) {
      expect(message).toContain(`  ${name}:`);
    }
  });

  it("names every invalid variable", () => {
    const message = messageOf({
      PORT: "eighty",
      DATABASE_URL: "mysql://x",
      APP_ORIGIN: "not a url",
      BLOG_DOMAIN: "bad_domain!",
      TRUST_PROXY: "maybe",
    });
    for (const name of ["PORT", "DATABASE_URL", "APP_ORIGIN", "BLOG_DOMAIN", "TRUST_PROXY"]) {
      expect(message).toContain(`  ${name}:`);
    }
  });

  it("takes AI prices per model as JSON, and says what a wrong one needs (decision 332)", () => {
    expect(parseEnv({}).AI_PRICES).toEqual({});
    expect(
      parseEnv({
        AI_PRICES: '{"gpt-4o-mini":{"input":0.15,"output":0.6},"local":{"input":0,"output":0}}',
      }).AI_PRICES,
    ).toEqual({ "gpt-4o-mini": { input: 0.15, output: 0.6 }, local: { input: 0, output: 0 } });
    expect(messageOf({ AI_PRICES: "gpt-4o-mini=0.15" })).toContain(
      'AI_PRICES: must be JSON of US dollars per million tokens by model, such as {"gpt-4o-mini":{"input":0.15,"output":0.6}}',
    );
    expect(messageOf({ AI_PRICES: '{"gpt-4o":{"input":"2.50"}}' })).toContain(
      "AI_PRICES.gpt-4o.input: must be US dollars per million tokens (a number)",
    );
    expect(messageOf({ AI_PRICES: '{"gpt-4o":{"input":-1,"output":10}}' })).toContain(
      "AI_PRICES.gpt-4o.input: must be 0 or more",
    );
  });

  it("takes a PostgreSQL URL as DATABASE_URL (decision 180)", () => {
    for (const url of ["postgres://blogfleet@db/blogfleet", "postgresql://db:5432/blogfleet"]) {
      expect(parseEnv({ DATABASE_URL: url }).DATABASE_URL).toBe(url);
    }
  });

  it("refuses a remote libSQL URL at start: only the local client is loaded (decision 244)", () => {
    for (const url of ["libsql://example.turso.io", "https://db.example.com", "wss://db.example"]) {
      expect(messageOf({ DATABASE_URL: url })).toContain("DATABASE_URL");
    }
  });

  it("needs all three OIDC variables or none", () => {
    const message = messageOf({ OIDC_ISSUER_URL: "https://id.example.com" });
    expect(message).toContain("OIDC_CLIENT_ID: is required when OIDC_ISSUER_URL is set");
    expect(message).toContain("OIDC_CLIENT_SECRET: is required when OIDC_ISSUER_URL is set");
    expect(
      parseEnv({
        OIDC_ISSUER_URL: "https://id.example.com",
        OIDC_CLIENT_ID: "a",
        OIDC_CLIENT_SECRET: "b",
      }).OIDC_CLIENT_ID,
    ).toBe("a");
  });

  it("keeps only the origin of APP_ORIGIN and lower-cases the blog domain", () => {
    const env = parseEnv({
      APP_ORIGIN: "https://app.example.com/some/path",
      BLOG_DOMAIN: "Blogs.Example.NET",
    });
    expect(env.APP_ORIGIN).toBe("https://app.example.com");
    expect(env.BLOG_DOMAIN).toBe("blogs.example.net");
  });

  it("takes a search provider with what it needs, and says what is missing (decision 330)", () => {
    expect(parseEnv({}).SEARCH_PROVIDER).toBeUndefined();
    expect(
      parseEnv({ SEARCH_PROVIDER: "searxng", SEARCH_URL: "http://searxng:8080" }),
    ).toMatchObject({ SEARCH_PROVIDER: "searxng", SEARCH_URL: "http://searxng:8080" });
    expect(parseEnv({ SEARCH_PROVIDER: "brave", SEARCH_API_KEY: "key" })).toMatchObject({
      SEARCH_PROVIDER: "brave",
      SEARCH_API_KEY: "key",
    });
    expect(messageOf({ SEARCH_PROVIDER: "searxng" })).toMatch(
      /SEARCH_URL: is required when SEARCH_PROVIDER=searxng/,
    );
    expect(messageOf({ SEARCH_PROVIDER: "brave", SEARCH_URL: "http://127.0.0.1:9" })).toMatch(
      /SEARCH_API_KEY: is required when SEARCH_PROVIDER=brave/,
    );
    expect(messageOf({ SEARCH_API_KEY: "key" })).toMatch(
      /SEARCH_PROVIDER: is required when SEARCH_API_KEY is set/,
    );
    expect(messageOf({ SEARCH_PROVIDER: "google", SEARCH_URL: "searx" })).toMatch(
      /SEARCH_PROVIDER: must be searxng or brave[\s\S]*SEARCH_URL: must be an http\(s\) URL/,
    );
  });
});
