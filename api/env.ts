import { z } from "zod";

const optionalText = z
  .string()
  .trim()
  .transform((value) => (value === "" ? undefined : value))
  .optional();

const hostname = z
  .string()
  .trim()
  .toLowerCase()
  .regex(
    /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/,
    "must be a host name such as blogs.example.com",
  );

const booleanFlag = z
  .enum(["true", "false", "1", "0", ""])
  .transform((value) => value === "true" || value === "1");

export const envSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().trim().min(1).default("0.0.0.0"),
    DATABASE_URL: z
      .string()
      .trim()
      .regex(
        /^(file:|libsql:|https?:|wss?:|:memory:)/,
        "must be a libSQL URL such as file:./data/blogfleet.db",
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
    BLOG_DOMAIN: hostname.default("localhost"),
    TRUST_PROXY: booleanFlag.default(false),
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
    AI_DAILY_TOKEN_LIMIT: z.coerce.number().int().min(0).default(200_000),
    /** Tokens all owners together may use per day (the operator's bill); 0 turns model calls off. */
    AI_INSTANCE_DAILY_TOKEN_LIMIT: z.coerce.number().int().min(0).default(2_000_000),
    /** Model calls one owner may start per minute, from every feature and job together. */
    AI_CALLS_PER_MINUTE: z.coerce.number().int().min(1).max(10_000).default(10),
    /** Where owners point custom domains: a CNAME to this host… */
    DOMAIN_CNAME_TARGET: hostname.optional(),
    /** …or A/AAAA records to these addresses (comma-separated). */
    DOMAIN_TARGET_ADDRESSES: z
      .string()
      .trim()
      .default("")
      .transform((value) =>
        value
          .split(",")
          .map((a) => a.trim())
          .filter(Boolean),
      )
      .pipe(
        z.array(
          z.union([z.ipv4(), z.ipv6()], { error: "must be IP addresses separated by commas" }),
        ),
      ),
    /** DNS servers for domain verification (comma-separated ip or ip:port); the system's by default. */
    DNS_SERVERS: z
      .string()
      .trim()
      .default("")
      .transform((value) =>
        value
          .split(",")
          .map((a) => a.trim())
          .filter(Boolean),
      ),
    DNS_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(3000),
  })
  .superRefine((env, ctx) => {
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
