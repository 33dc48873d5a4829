import { isIP } from "node:net";
import { z } from "zod";
import { parseStorageUrl } from "../site-builder/storage/keys.ts";
import { aiPriceTable } from "./ai/prices.ts";

const optionalText = z
  .string()
  .trim()
  .transform((value) => (value === "" ? undefined : value))
  .optional();

/** A comma-separated list, trimmed, without empty items; none when unset. */
const commaList = z
  .string()
  .trim()
  .default("")
  .transform((value) =>
    value
      .split(",")
      .map((a) => a.trim())
      .filter(Boolean),
  );

const hostname = z
  .string()
  .trim()
  .toLowerCase()
  .regex(
    /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/,
    "must be a host name such as blogs.example.com",
  );

const ipOrSubnet =
  /^(loopback|linklocal|uniquelocal|(\d{1,3}(\.\d{1,3}){3}|[0-9a-f:]*:[0-9a-f:.]*)(\/\d{1,3})?)$/i;

/**
 * Which peers may set X-Forwarded-For/-Proto (decision 064): `false` (default) trusts nobody;
 * `true` means the proxy runs on this machine (loopback only); otherwise a comma-separated list
 * of proxy addresses or subnets (`127.0.0.1,10.0.0.5`, `10.0.0.0/8`, `loopback`).
 */
const trustProxy = z
  .string()
  .trim()
  .toLowerCase()
  .transform((value, ctx): false | string[] => {
    if (value === "" || value === "false" || value === "0") return false;
    if (value === "true" || value === "1") return ["loopback"];
    const entries = value
      .split(",")
      .map((entry) => entry.trim())
      .filter(Boolean);
    const bad = entries.filter((entry) => !ipOrSubnet.test(entry) || !validAddress(entry));
    if (bad.length > 0) {
      ctx.addIssue({
        code: "custom",
        message: `must be true, false or proxy addresses such as 127.0.0.1,10.0.0.5 (not ${bad.join(", ")})`,
      });
      return z.NEVER;
    }
    return entries;
  });

function validAddress(entry: string): boolean {
  if (/^(loopback|linklocal|uniquelocal)$/.test(entry)) return true;
  const [address = "", prefix] = entry.split("/");
  const family = isIP(address);
  if (family === 0) return false;
  return prefix === undefined || Number(prefix) <= (family === 4 ? 32 : 128);
}

/** Names every browser treats as this machine: dev set-ups, never a public site. */
export const isLocalHost = (host: string) =>
  host === "localhost" || host.endsWith(".localhost") || isIP(host) !== 0;

// Second-level labels under which country codes sell names (example.co.uk), for `siteOf`.
const secondLevelSuffixes = new Set(["co", "com", "net", "org", "gov", "edu", "ac", "or", "ne"]);

/**
 * The registrable domain ("site") of a host, as browsers group cookies and SameSite: the last two
 * labels, or three under a country code's second level (example.co.uk). An approximation of the
 * Public Suffix List that errs towards "same site", which only makes the start-up check stricter.
 */
export function siteOf(host: string): string {
  const labels = host.split(".");
  const last = labels.at(-1) ?? "";
  const second = labels.at(-2) ?? "";
  const take = last.length === 2 && secondLevelSuffixes.has(second) ? 3 : 2;
  return labels.slice(-take).join(".");
}

const aiPricesHint =
  'must be JSON of US dollars per million tokens by model, such as {"gpt-4o-mini":{"input":0.15,"output":0.6}}';

export const envSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().trim().min(1).default("0.0.0.0"),
    DATABASE_URL: z
      .string()
      .trim()
      // A SQLite file, or PostgreSQL: only libSQL's local client is loaded (decision 244).
      .regex(
        /^(file:|:memory:|postgres:\/\/|postgresql:\/\/)/,
        "must be a SQLite file URL such as file:./data/blogfleet.db, or a PostgreSQL URL (postgres://…)",
      )
      .default("file:./data/blogfleet.db"),
    APP_ORIGIN: optionalText.pipe(
      z
        .url({
          protocol: /^https?$/,
          error: "must be an http(s) origin such as https://app.example.com",
        })
        .transform((value) => new URL(value).origin)
        .optional(),
    ),
    SITES_DIR: z.string().trim().min(1).default("./sites-output"),
    /**
     * Rendered sites and media on object storage (`s3://bucket/prefix`) instead of SITES_DIR;
     * the standard AWS_* variables say where and with which keys (decision 190).
     */
    STORAGE_URL: optionalText.pipe(
      z
        .string()
        .refine((url) => parseStorageUrl(url) !== undefined, {
          error: "must be an S3 location such as s3://my-bucket/blogfleet",
        })
        .optional(),
    ),
    /** An S3-compatible service other than AWS (MinIO, R2, Ceph), addressed path-style. */
    AWS_ENDPOINT_URL: optionalText.pipe(z.url({ error: "must be an http(s) URL" }).optional()),
    AWS_REGION: optionalText,
    /**
     * What this process does (decision 192): `web` serves the dashboard, the API and the blogs
     * and starts no jobs; `worker` runs the jobs (with only /healthz on PORT); `all` does both.
     */
    PROCESS_ROLE: z.enum(["web", "worker", "all"]).default("all"),
    /**
     * Threads of the process's worker pool at most (default: the cores Node reports, less one). Set it
     * where a container sees more cores than it may use.
     */
    WORKER_THREADS: z.coerce.number().int().min(1).max(256).optional(),
    BLOG_DOMAIN: hostname.default("localhost"),
    TRUST_PROXY: trustProxy.default(false),
    /**
     * Who may create a built-in account (decision 061): `open`, `invite` (an invitation link from
     * an owner) or `closed`. Unset: open until the first owner exists, then invite-only.
     */
    REGISTRATION: optionalText.pipe(z.enum(["open", "invite", "closed"]).optional()),
    /** Successful built-in sign-ups per client address per hour (decision 061). */
    SIGN_UPS_PER_ADDRESS: z.coerce.number().int().min(1).default(5),
    LOG_LEVEL: z
      .enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"])
      .default("info"),
    OIDC_ISSUER_URL: optionalText.pipe(
      z.url({ error: "must be the provider's issuer URL" }).optional(),
    ),
    OIDC_CLIENT_ID: optionalText,
    OIDC_CLIENT_SECRET: optionalText,
    OPENAI_API_KEY: optionalText,
    OPENAI_BASE_URL: optionalText.pipe(z.url({ error: "must be an http(s) URL" }).optional()),
    AI_MODEL: z.string().trim().min(1).default("gpt-4o-mini"),
    /**
     * A vision-capable model at the same endpoint for 'Suggest alt text' (decision 113); unset,
     * alt text is suggested offline from the file name and the text around the image.
     */
    AI_VISION_MODEL: optionalText,
    /**
     * An embeddings model at the same endpoint (`/v1/embeddings`) for ranking internal link
     * suggestions (decision 331); unset, they are ranked by full-text search alone.
     */
    AI_EMBEDDING_MODEL: optionalText,
    /**
     * An image model at the same endpoint (`/v1/images/generations`) for AI-written posts'
     * feature images (decision 335); unset, a post gets an image only from its blog's library.
     */
    AI_IMAGE_MODEL: optionalText,
    AI_DAILY_TOKEN_LIMIT: z.coerce.number().int().min(0).default(200_000),
    /** Tokens all owners together may use per day (the operator's bill); 0 turns model calls off. */
    AI_INSTANCE_DAILY_TOKEN_LIMIT: z.coerce.number().int().min(0).default(2_000_000),
    /**
     * Posts content automation may publish on its own per owner in any 7 days, across all their
     * blogs (decision 343); more are held for review with the reason "Weekly fleet cap".
     */
    AUTO_PUBLISH_WEEKLY_CAP: z.coerce.number().int().min(0).max(1000).default(20),
    /**
     * A new blog's ramp (decision 343): auto-published posts per week in its first weeks, comma
     * separated ("2,3,5,5": week 1 two, week 2 three, weeks 3–4 five, then the blog's own rate).
     */
    AUTO_PUBLISH_RAMP: z
      .string()
      .trim()
      .default("2,3,5,5")
      .refine((value) => /^(\d+(\s*,\s*\d+)*)?$/.test(value), {
        message: "AUTO_PUBLISH_RAMP is posts per week for a new blog's first weeks, e.g. 2,3,5,5.",
      })
      .transform((value) =>
        value === "" ? [] : value.split(",").map((part) => Number(part.trim())),
      ),
    /** Model calls one owner may start per minute, from every feature and job together. */
    AI_CALLS_PER_MINUTE: z.coerce.number().int().min(1).max(10_000).default(10),
    /**
     * US dollars per million tokens by model, for the estimated price on the AI usage card
     * (decision 332): `{"gpt-4o-mini":{"input":0.15,"output":0.6}}`. A model not listed costs
     * "unknown", never 0.
     */
    AI_PRICES: z
      .string()
      .trim()
      .default("")
      .transform((value, ctx) => {
        try {
          return value === "" ? {} : (JSON.parse(value) as unknown);
        } catch {
          ctx.addIssue({ code: "custom", message: aiPricesHint });
          return z.NEVER;
        }
      })
      .pipe(aiPriceTable),
    /** Where owners point custom domains: a CNAME to this host… */
    DOMAIN_CNAME_TARGET: hostname.optional(),
    /** …or A/AAAA records to these addresses (comma-separated). */
    DOMAIN_TARGET_ADDRESSES: commaList.pipe(
      z.array(z.union([z.ipv4(), z.ipv6()], { error: "must be IP addresses separated by commas" })),
    ),
    /** DNS servers for domain verification (comma-separated ip or ip:port); the system's by default. */
    DNS_SERVERS: commaList,
    DNS_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(3000),
    /**
     * Web search for the AI writer's research (decision 330): `searxng` (a self-hosted instance
     * at SEARCH_URL, its JSON API) or `brave` (Brave Search API with SEARCH_API_KEY). Unset, the
     * writer uses only the owner's sources.
     */
    SEARCH_PROVIDER: optionalText.pipe(
      z.enum(["searxng", "brave"], { error: "must be searxng or brave" }).optional(),
    ),
    SEARCH_URL: optionalText.pipe(
      z
        .url({ protocol: /^https?$/, error: "must be an http(s) URL such as http://searxng:8080" })
        .optional(),
    ),
    SEARCH_API_KEY: optionalText,
    /**
     * Outgoing e-mail (password reset links; decision 356): `smtp://user:password@host:587`
     * (STARTTLS when offered) or `smtps://…:465`. Unset, the server sends no e-mail and a
     * forgotten password is reset with a link from `npm run user:reset-password -- <email>`.
     */
    SMTP_URL: optionalText.pipe(
      z
        .url({
          protocol: /^smtps?$/,
          error: "must be an SMTP URL such as smtp://user:password@mail.example.com:587",
        })
        .optional(),
    ),
    /** The sender of the server's e-mail: `Blogfleet <blogs@example.com>` or an address. */
    SMTP_FROM: optionalText,
    /**
     * The shared secret of the bounce and complaint webhooks (decision 376), given as `?token=`
     * or the Basic password. Unset, `/api/newsletter-webhooks/*` does not exist.
     */
    NEWSLETTER_WEBHOOK_SECRET: optionalText.pipe(
      z.string().min(16, { error: "must be at least 16 characters (a random string)" }).optional(),
    ),
    /**
     * Messages a second the SMTP server takes (its sending limit; decision 373): newsletters
     * are paced to it. Unset: as fast as `SMTP_CONNECTIONS` connections go.
     */
    SMTP_RATE_LIMIT: z.coerce.number().int().min(1).max(10_000).optional(),
    /** Connections to the SMTP server at once while a newsletter goes out (default 3). */
    SMTP_CONNECTIONS: z.coerce.number().int().min(1).max(50).default(3),
    /**
     * The envelope sender (Return-Path) of newsletters, where mail servers send bounce reports
     * (decision 376): a mailbox piped to `/api/newsletter-webhooks/dsn`. Unset: the From address.
     */
    NEWSLETTER_BOUNCE_ADDRESS: optionalText.pipe(
      z.email({ error: "must be an e-mail address, such as bounces@example.com" }).optional(),
    ),
  })
  .superRefine((env, ctx) => {
    // Blogs must not share the dashboard's site (decision 060): a blog on a sibling host gets
    // the dashboard's same-site cookies and requests. Local dev names are exempt.
    if (env.APP_ORIGIN) {
      const appHost = new URL(env.APP_ORIGIN).hostname;
      if (
        !isLocalHost(appHost) &&
        !isLocalHost(env.BLOG_DOMAIN) &&
        siteOf(appHost) === siteOf(env.BLOG_DOMAIN)
      ) {
        ctx.addIssue({
          code: "custom",
          path: ["BLOG_DOMAIN"],
          message: `must be a different registrable domain from APP_ORIGIN's (${siteOf(appHost)}): blogs on the dashboard's own site would share its cookies and could take its host; use e.g. BLOG_DOMAIN=blogs.example.net with APP_ORIGIN=https://app.example.com`,
        });
      }
    }
    // Several processes share work and caches through PostgreSQL only (decision 192).
    if (env.PROCESS_ROLE !== "all" && !/^postgres(ql)?:\/\//.test(env.DATABASE_URL)) {
      ctx.addIssue({
        code: "custom",
        path: ["PROCESS_ROLE"],
        message: `must be all with a SQLite database: web and worker processes share jobs and caches through PostgreSQL (set DATABASE_URL=postgres://…)`,
      });
    }
    if (env.SEARCH_PROVIDER === "searxng" && !env.SEARCH_URL) {
      ctx.addIssue({
        code: "custom",
        path: ["SEARCH_URL"],
        message:
          "is required when SEARCH_PROVIDER=searxng: the address of your SearXNG instance, such as http://searxng:8080",
      });
    }
    if (env.SEARCH_PROVIDER === "brave" && !env.SEARCH_API_KEY) {
      ctx.addIssue({
        code: "custom",
        path: ["SEARCH_API_KEY"],
        message: "is required when SEARCH_PROVIDER=brave: your Brave Search API subscription key",
      });
    }
    if (!env.SEARCH_PROVIDER && (env.SEARCH_URL || env.SEARCH_API_KEY)) {
      ctx.addIssue({
        code: "custom",
        path: ["SEARCH_PROVIDER"],
        message: `is required when ${env.SEARCH_URL ? "SEARCH_URL" : "SEARCH_API_KEY"} is set: searxng or brave`,
      });
    }
    if (env.SMTP_URL && !env.SMTP_FROM) {
      ctx.addIssue({
        code: "custom",
        path: ["SMTP_FROM"],
        message:
          "is required when SMTP_URL is set: the sender of the server's e-mail, such as Blogfleet <blogs@example.com>",
      });
    }
    if (env.SMTP_FROM && !env.SMTP_URL) {
      ctx.addIssue({
        code: "custom",
        path: ["SMTP_URL"],
        message:
          "is required when SMTP_FROM is set: the SMTP server, such as smtp://mail.example.com:587",
      });
    }
    // Links in e-mail name the app's own origin, never the Host of the request that asked for
    // them (a forged Host would send a reset token to another site).
    if (env.SMTP_URL && !env.APP_ORIGIN) {
      ctx.addIssue({
        code: "custom",
        path: ["APP_ORIGIN"],
        message:
          "is required when SMTP_URL is set: links in e-mail point to it, such as https://app.example.com",
      });
    }
    const oidc = ["OIDC_ISSUER_URL", "OIDC_CLIENT_ID", "OIDC_CLIENT_SECRET"] as const;
    const set = oidc.filter((name) => env[name] !== undefined);
    if (set.length > 0 && set.length < oidc.length) {
      for (const name of oidc.filter((n) => env[n] === undefined)) {
        ctx.addIssue({
          code: "custom",
          path: [name],
          message: `is required when ${set.join(", ")} ${set.length === 1 ? "is" : "are"} set`,
        });
      }
    }
  });

export type Env = z.infer<typeof envSchema>;

export class InvalidEnvironmentError extends Error {}

/** Parses the environment once at start-up; an invalid value names its variable. */
export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
  const result = envSchema.safeParse(source);
  if (result.success) return result.data;
  const lines = result.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
  throw new InvalidEnvironmentError(`Invalid environment variables:\n${lines.join("\n")}`);
}

export function oidcConfigured(env: Env): boolean {
  return Boolean(env.OIDC_ISSUER_URL && env.OIDC_CLIENT_ID && env.OIDC_CLIENT_SECRET);
}
