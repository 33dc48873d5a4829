import { randomUUID } from "node:crypto";
import { existsSync } from "node:fs";
import type { RequestListener } from "node:http";
import { join } from "node:path";
import express, { type Express } from "express";
import helmet from "helmet";
import { pinoHttp } from "pino-http";
import { type AiGate, aiGateOptions, createAiGate } from "./ai/gate.ts";
import type { AiProvider } from "./ai/provider.ts";
import { httpsOriginSetting } from "./auth/cookies.ts";
import { createOidcSignIn } from "./auth/oidc/oidc.ts";
import { type AuthRateLimit, authRoutes } from "./auth/routes.ts";
import { loadSession } from "./auth/session-middleware.ts";
import { type Clock, createSessionStore, systemClock } from "./auth/sessions.ts";
import { sanitizePostHtml } from "./content/sanitize.ts";
import type { Database } from "./db/client.ts";
import type { WriteHealth } from "./db/write-health.ts";
import { type Env, oidcConfigured } from "./env.ts";
import { activityRoutes } from "./features/activity/routes.ts";
import { affiliateLinkRoutes } from "./features/affiliate-links/routes.ts";
import { affiliateRecommendationRoutes } from "./features/affiliate-recommendations/routes.ts";
import { aiRequestsPerOwner, aiRoutes } from "./features/ai/routes.ts";
import { createAnalytics } from "./features/analytics/ingest.ts";
import { analyticsRoutes } from "./features/analytics/routes.ts";
import { authorRoutes } from "./features/authors/routes.ts";
import { automationRoutes } from "./features/automation/routes.ts";
import { backgroundWorkRoutes } from "./features/background-work/routes.ts";
import { blogRecommendationRoutes } from "./features/blog-recommendations/routes.ts";
import { createRemovedAddresses } from "./features/blogs/delete-blog.ts";
import { blogRoutes } from "./features/blogs/routes.ts";
import { onlyBlogId } from "./features/blogs/service.ts";
import { categoryRoutes } from "./features/categories/routes.ts";
import { createDnsResolver, type DnsResolver } from "./features/domains/dns.ts";
import { domainRoutes } from "./features/domains/routes.ts";
import { exportRoutes } from "./features/exports/routes.ts";
import { fleetRoutes } from "./features/fleet/routes.ts";
import { healthRoutes } from "./features/health/routes.ts";
import { importRoutes } from "./features/imports/routes.ts";
import type { ImportQueue } from "./features/imports/runner.ts";
import { importFolder } from "./features/imports/service.ts";
import {
  createEmbeddings,
  type Embeddings,
  embeddingSettings,
} from "./features/internal-links/embeddings.ts";
import { internalLinkRoutes } from "./features/internal-links/routes.ts";
import { invitationRoutes } from "./features/invitations/routes.ts";
import { linkHealthRoutes } from "./features/link-health/routes.ts";
import { createAltSuggester } from "./features/media/alt-text.ts";
import { createMediaFiles } from "./features/media/files.ts";
import { mediaRoutes } from "./features/media/routes.ts";
import { mediaFolder } from "./features/media/service.ts";
import { memberRoutes } from "./features/members/routes.ts";
import { bounceWebhookRoutes } from "./features/newsletters/bounce-routes.ts";
import { newsletterIssueRoutes } from "./features/newsletters/issue-routes.ts";
import { subscriptionHandler } from "./features/newsletters/routes.ts";
import { subscriberRoutes } from "./features/newsletters/subscribers-routes.ts";
import { notificationRoutes } from "./features/notifications/routes.ts";
import { postRoutes } from "./features/posts/routes.ts";
import { profileRoutes } from "./features/profile/routes.ts";
import { publicApiRoutes } from "./features/public-sites/public-api.ts";
import { blogHostRoutes, blogPathRoutes } from "./features/public-sites/routes.ts";
import {
  type ContentEvents,
  guardContentEvents,
  noContentEvents,
} from "./features/publishing/content-events.ts";
import type { Publishing } from "./features/publishing/publishing.ts";
import { reviewRoutes } from "./features/review/routes.ts";
import { tagRoutes } from "./features/tags/routes.ts";
import { voiceRoutes } from "./features/voice/routes.ts";
import { writerRoutes } from "./features/writer/routes.ts";
import type { GenerationQueue } from "./features/writer/service.ts";
import { dashboardAssets, dashboardRoutes } from "./http/dashboard.ts";
import { apiNotFound, errorHandler } from "./http/errors.ts";
import { apiFetchesOnly } from "./http/fetch-metadata.ts";
import { firstScreenReader } from "./http/first-screen.ts";
import { jsonBodies } from "./http/json-bodies.ts";
import { noStoreOwnerAnswers } from "./http/no-store.ts";
import type { RateLimitStores } from "./http/pg-rate-limit-store.ts";
import { platformHostsOf, reservedLabelsOf } from "./http/platform-hosts.ts";
import { sameOrigin } from "./http/same-origin.ts";
import type { Logger } from "./logger.ts";
import { type Mailer, mailerFromEnv } from "./mail/mailer.ts";
import { storageFromEnv } from "./storage.ts";
import { type CpuPool, createCpuPool } from "./workers/run.ts";

export type AppDeps = {
  env: Env;
  db: Database;
  logger: Logger;
  clock?: Clock;
  signInRateLimit?: Partial<AuthRateLimit>;
  /** Rate-limit counters shared by every process (PostgreSQL set-up); default: in memory. */
  limitStores?: RateLimitStores;
  /** The built dashboard (Vite output); absent in API-only tests and in dev, where Vite serves it. */
  dashboardDir?: string;
  /** Rendering and serving of public blogs; absent in tests that do not need it. */
  publishing?: Publishing;
  /** DNS lookups for custom-domain verification (default: DNS_SERVERS or the system's). */
  dnsResolver?: DnsResolver;
  /** The AI gate, shared with the jobs (default: one made here from the environment). */
  aiGate?: AiGate;
  /** Tests only: a provider (a fake, or one pointed at a test server) for the gate made here. */
  ai?: AiProvider;
  /**
   * Text embeddings that rank internal link suggestions (default: from the environment's AI
   * endpoint and `AI_EMBEDDING_MODEL`; none without them).
   */
  embeddings?: Embeddings;
  /** Told when a blog's automation falls due at once (the automation job then runs). */
  onAutomationDue?: () => void;
  /** Told about every committed change readers could see (the render pipeline listens). */
  contentEvents?: ContentEvents;
  /** Worker threads for CPU-heavy steps (default: a pool of its own, started on first use). */
  cpu?: CpuPool;
  /** Whether database writes fail (full disk): shown by /healthz. */
  writeHealth?: WriteHealth;
  /**
   * How long a validated session is answered from memory (default 0: read on every request).
   * Only for a single process: sign-outs and user changes reach this process's memory only.
   */
  sessionCacheMs?: number;
  /**
   * Queues the job of an import (`queuedImports`). Default: none is queued from here; a stored
   * import waits for the next worker's start, which queues every import left queued.
   */
  imports?: ImportQueue;
  /**
   * Queues the job of an AI writer's generation (`queuedGenerations`). Default: none is queued
   * from here; a stored generation waits for the next worker's start.
   */
  generations?: GenerationQueue;
  /**
   * Outgoing e-mail (password reset links), built by the composition root from SMTP_URL and
   * SMTP_FROM (default: from `env`); none when SMTP is not configured.
   */
  mailer?: Mailer;
};

export function createApp({
  env,
  db,
  logger,
  clock = systemClock,
  signInRateLimit,
  dashboardDir,
  publishing,
  contentEvents = noContentEvents,
  writeHealth,
  dnsResolver = createDnsResolver({ servers: env.DNS_SERVERS, timeoutMs: env.DNS_TIMEOUT_MS }),
  ai: provider,
  aiGate,
  embeddings = createEmbeddings(embeddingSettings(env, logger)),
  onAutomationDue,
  cpu = createCpuPool(),
  imports = { enqueue: async () => {} },
  generations = { enqueue: async () => {} },
  limitStores,
  sessionCacheMs = 0,
  mailer = mailerFromEnv(env),
}: AppDeps): Express {
  const ai =
    aiGate ??
    createAiGate({
      db,
      ...aiGateOptions(env),
      sanitize: sanitizePostHtml,
      provider,
      clock,
      logger,
    });
  const app = express();
  app.disable("x-powered-by");
  // No ETag on answers Express builds: owners' JSON is never revalidated (finding 9). Blog pages
  // and static files carry their own validators.
  app.set("etag", false);
  // Only the configured proxies' X-Forwarded-* count (decision 064); `true` means loopback.
  app.set("trust proxy", env.TRUST_PROXY);
  // Session cookies are Secure and `__Host-` whenever the dashboard's origin is https.
  app.set(httpsOriginSetting, env.APP_ORIGIN?.startsWith("https:") ?? false);
  // The platform's own hosts are never a blog's, whatever a blog's subdomain says (decision 060).
  const reservedLabels = reservedLabelsOf(env);

  // Readers on a blog's own host get that blog only, before any of the app's machinery.
  // (Pages already in memory are answered even earlier, by `withFastPath` below.)
  const removedAddresses = createRemovedAddresses(db);
  const subscriptions = subscriptionHandler({ db, clock, mailer, logger });
  if (publishing)
    app.use(
      blogHostRoutes(
        db,
        env.BLOG_DOMAIN,
        publishing.server,
        publishing.hostMap,
        reservedLabels,
        removedAddresses,
        new Set(platformHostsOf(env)),
        subscriptions,
      ),
    );

  app.use(bounceWebhookRoutes({ db, secret: env.NEWSLETTER_WEBHOOK_SECRET, logger }));
  app.use(
    pinoHttp({
      logger,
      genReqId: (_req, res) => {
        const id = randomUUID();
        res.setHeader("X-Request-Id", id);
        return id;
      },
      serializers: {
        req: (req) => ({ id: req.id, method: req.method, url: req.url }),
        res: (res) => ({ statusCode: res.statusCode }),
      },
      customLogLevel: (_req, res, error) =>
        error || res.statusCode >= 500 ? "error" : res.statusCode >= 400 ? "warn" : "info",
    }),
  );
  app.use(
    helmet({
      contentSecurityPolicy: {
        directives: {
          "default-src": ["'self'"],
          "script-src": ["'self'"],
          // Radix positions popovers with inline styles.
          "style-src": ["'self'", "'unsafe-inline'"],
          // Logos and avatars come from the owner's or the provider's hosts.
          "img-src": ["'self'", "data:", "https:", "http:"],
          "font-src": ["'self'", "data:"],
          "connect-src": ["'self'"],
          "form-action": ["'self'"],
          "frame-ancestors": ["'none'"],
          "object-src": ["'none'"],
          "base-uri": ["'self'"],
          "upgrade-insecure-requests": null,
        },
      },
      // With 'no-referrer' browsers send `Origin: null` on same-origin form posts,
      // which the CSRF check must refuse; the browser default keeps Origin intact.
      referrerPolicy: { policy: "strict-origin-when-cross-origin" },
      strictTransportSecurity: env.APP_ORIGIN?.startsWith("https:") ?? false,
    }),
  );
  const hasDashboard = dashboardDir !== undefined && existsSync(join(dashboardDir, "index.html"));
  // The dashboard's scripts and styles are the same for everyone: answered before the session
  // is read (a first load asks for forty of them).
  if (hasDashboard) app.use(dashboardAssets(dashboardDir));
  app.use(noStoreOwnerAnswers);
  app.use(sameOrigin(env.APP_ORIGIN));
  app.use(apiFetchesOnly);

  const sessions = createSessionStore(db, clock, { ttlMs: sessionCacheMs });
  app.use(loadSession(sessions));
  app.use(jsonBodies());

  app.use(
    healthRoutes(
      { db, writeHealth, failingRenders: () => publishing?.queue.failing() ?? [] },
      clock,
    ),
  );

  const oidc = oidcConfigured(env)
    ? createOidcSignIn(
        db,
        {
          issuerUrl: env.OIDC_ISSUER_URL as string,
          clientId: env.OIDC_CLIENT_ID as string,
          clientSecret: env.OIDC_CLIENT_SECRET as string,
          appOrigin: env.APP_ORIGIN,
        },
        clock,
      )
    : undefined;
  app.use(
    authRoutes({
      db,
      sessions,
      oidc,
      rateLimit: { signUpsPerAddress: env.SIGN_UPS_PER_ADDRESS, ...signInRateLimit },
      signUpPolicy: { registration: env.REGISTRATION, clock },
      limitStores,
      mailer,
      appOrigin: env.APP_ORIGIN,
    }),
  );
  app.use(invitationRoutes({ db, env, clock, builtInSignIn: !oidc, limitStores }));
  const events = guardContentEvents(contentEvents, logger);
  const domainTarget = {
    cnameTarget: env.DOMAIN_CNAME_TARGET ?? env.BLOG_DOMAIN,
    addresses: env.DOMAIN_TARGET_ADDRESSES,
  };
  // Media go through the same storage as the rendered sites, beside them (never inside a
  // generation, so every re-render keeps them).
  const storage = publishing?.output.storage ?? storageFromEnv(env);
  // What this process's render queue knows beyond the database (decision 323); on a web process
  // of a PostgreSQL set-up it renders nothing, and the database alone answers.
  const renderState = (blogId: string) => ({
    state: publishing?.queue.stateOf(blogId) ?? "idle",
    retry: publishing?.queue.retryOf(blogId),
  });
  app.use(
    blogRoutes({
      db,
      contentEvents: events,
      renderState,
      domainTarget,
      blogDomain: env.BLOG_DOMAIN,
      reservedLabels,
      onBlogDeleted: async (blogId) => {
        removedAddresses.invalidate();
        // The blog's media files (its rows went with the blog).
        await storage.deleteAll(mediaFolder(blogId));
        await storage.deleteAll(importFolder(blogId));
        if (!publishing) return;
        publishing.hostMap.clear();
        publishing.indexes.changed(blogId);
        await publishing.output.removeBlog(blogId);
        // A render of the blog that was running finishes writing after this: its files go too.
        if (publishing.queue.stateOf(blogId) === "rendering") {
          publishing.queue
            .onIdle()
            .then(() => publishing.output.removeBlog(blogId))
            .catch((error: unknown) =>
              logger.error({ err: error, blogId }, "files of a deleted blog could not be removed"),
            );
        }
      },
    }),
  );
  app.use(
    domainRoutes({
      db,
      contentEvents: events,
      resolver: dnsResolver,
      target: domainTarget,
      blogDomain: env.BLOG_DOMAIN,
      platformHosts: platformHostsOf(env),
      reservedLabels,
      onHostsChanged: () => publishing?.hostMap.clear(),
      clock,
    }),
  );
  app.use(postRoutes({ db, clock, contentEvents: events, cpu, limitStores }));
  app.use(reviewRoutes({ db, clock, contentEvents: events, cpu }));
  app.use(activityRoutes({ db }));
  app.use(notificationRoutes({ db, clock }));
  app.use(exportRoutes({ db, storage, limitStores }));
  app.use(
    importRoutes({
      db,
      storage,
      limitStores,
      imports,
    }),
  );
  app.use(profileRoutes({ db, contentEvents: events, onUserChanged: sessions.forgetUser }));
  app.use(categoryRoutes({ db, contentEvents: events }));
  app.use(memberRoutes({ db, contentEvents: events, clock, env, mailer, limitStores }));
  app.use(tagRoutes({ db, contentEvents: events }));
  app.use(newsletterIssueRoutes({ db, publishing, mailer }));
  app.use(subscriberRoutes({ db, clock }));
  app.use(voiceRoutes({ db, contentEvents: events }));
  app.use(authorRoutes({ db, contentEvents: events }));
  app.use(createMediaFiles(db, storage).appRoute);
  app.use(
    mediaRoutes({
      db,
      storage,
      contentEvents: events,
      suggestAlt: createAltSuggester({ ai, storage }),
      limitStores,
    }),
  );
  app.use(affiliateLinkRoutes({ db, contentEvents: events, clock }));
  app.use(linkHealthRoutes({ db, contentEvents: events, clock }));
  app.use(internalLinkRoutes({ db, embeddings, blogDomain: env.BLOG_DOMAIN, logger, limitStores }));
  const aiRequests = aiRequestsPerOwner(limitStores);
  app.use(writerRoutes({ db, ai, generations, perOwner: aiRequests }));
  app.use(aiRoutes({ db, ai, clock, perOwner: aiRequests }));
  app.use(
    analyticsRoutes({
      db,
      // The pages' counter when blogs are served here; reports alone need only the rollups.
      analytics: publishing?.analytics ?? createAnalytics({ db, clock, logger }),
      contentEvents: events,
      clock,
    }),
  );
  app.use(automationRoutes(db, onAutomationDue, limitStores, { ai, embeddings }));
  app.use(fleetRoutes({ db, cpu, clock }));
  app.use(backgroundWorkRoutes({ db, renderState, clock }));
  app.use(affiliateRecommendationRoutes({ db, ai, clock }));
  app.use(blogRecommendationRoutes({ db, ai, clock, onUserChanged: sessions.forgetUser }));
  if (publishing) {
    app.use(publicApiRoutes(db, env.BLOG_DOMAIN, publishing.sanitize, reservedLabels));
    app.use(blogPathRoutes(db, publishing.server, removedAddresses, subscriptions));
  }
  app.use("/api", apiNotFound);

  if (hasDashboard) {
    // The dashboard routes on the client; every other GET gets its shell.
    app.use(
      dashboardRoutes(dashboardDir, env, (ownerId) => onlyBlogId(db, ownerId), {
        read: firstScreenReader(db, domainTarget),
        onError: (error) =>
          logger.error({ err: error }, "server render of the first screen failed"),
      }),
    );
  }

  app.use(errorHandler);
  return app;
}

/**
 * The request handler to serve: readers' requests for pages already in memory are answered
 * before Express runs at all (the static-serving hot path); everything else goes to the app.
 */
export function withFastPath(app: Express, publishing: Publishing | undefined): RequestListener {
  if (!publishing) return app;
  const { hotPath } = publishing;
  return (req, res) => {
    if (!hotPath(req, res)) app(req, res);
  };
}
