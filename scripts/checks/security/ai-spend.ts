/**
 * AI spend: every AI route in one burst, plus the jobs, against the OpenAI-compatible test
 * server on loopback, with a small daily allowance. Figures: requests attempted vs calls that
 * reached the model, per route and per job; tokens recorded against the allowance; and, once
 * the allowance is spent, calls that still reached the model (must be 0).
 */
import { aiUsage, users } from "../../../api/db/schema.ts";
import { runWeeklyBlogIdeas } from "../../../api/features/blog-recommendations/service.ts";
import { runDueAutomation } from "../../../api/jobs/content-automation.ts";
import { runWeeklyAffiliatePrograms } from "../../../api/jobs/weekly-suggestions.ts";
import { createBlog, createOwner } from "../../../api/test/factories.ts";
import { startTestApp } from "../../../api/test/harness.ts";
import { startOpenAiServer } from "../../../api/test/openai-server.ts";
import type { Figure, SecurityCheck } from "./report.ts";

const allowance = 20_000;
const perRoute = 30;
/** Each test-server answer reports 1,000 tokens. */
const tokensPerCall = 1000;

export const aiSpendCheck: SecurityCheck = {
  name: "ai spend",
  async run() {
    const server = await startOpenAiServer();
    const app = await startTestApp({
      env: {
        OPENAI_API_KEY: "sk-test",
        OPENAI_BASE_URL: server.baseUrl,
        AI_DAILY_TOKEN_LIMIT: String(allowance),
        AI_CALLS_PER_MINUTE: "1000",
        AI_MODEL: "test-model",
      },
    });
    const figures: Figure[] = [];
    try {
      const owner = await createOwner(app);
      const blog = await createBlog(owner, "Spend Garden", "Composting");
      await owner.post(`/api/blogs/${blog.id}/automation`, { enabled: true, topics: ["Worms"] });
      const routes: [string, string, unknown][] = [
        ["generate-post", "/api/ai/generate-post", { topic: "Composting", blogId: blog.id }],
        [
          "optimize-meta",
          "/api/ai/optimize-meta",
          { title: "Composting", content: "<p>Compost in a flat.</p>", blogId: blog.id },
        ],
        ["blog-ideas", "/api/blog-recommendations/generate", undefined],
        [
          "affiliate-programs",
          `/api/blogs/${blog.id}/affiliate-recommendations/generate`,
          undefined,
        ],
      ];
      // 1. Every route at once, 30 each, with the jobs running beside them, through one gate
      // (as the server runs them).
      const gate = app.aiGate;
      const ahead = () => new Date(Date.now() + 8 * 24 * 60 * 60 * 1000);
      await Promise.all([
        ...routes.flatMap(([, path, body]) =>
          Array.from({ length: perRoute }, () => owner.post(path, body)),
        ),
        runDueAutomation({
          db: app.db,
          ai: gate,
          clock: ahead,
          generations: app.generations,
        }),
        runWeeklyAffiliatePrograms({ db: app.db, ai: gate, clock: ahead }),
        runWeeklyBlogIdeas({ db: app.db, ai: gate, clock: ahead }),
      ]);
      // Automation's post is written by the AI writer's job.
      await app.generations.idle();
      const reached = server.state.requests.length;
      const rows = await app.db.select().from(aiUsage);
      const recorded = rows.reduce((sum, r) => sum + r.promptTokens + r.completionTokens, 0);
      const perFeature = routes
        .map(
          ([feature]) => `${feature} ${perRoute}→${rows.filter((r) => r.kind === feature).length}`,
        )
        .join(", ");
      const automationCalls = rows.filter((r) => r.kind === "automation").length;
      figures.push({
        // Per route: calls that reached the model (each is recorded once, under its feature;
        // the /api/ai routes also share their own limit of 10 requests a minute).
        name: "AI burst, every route and job",
        text:
          `attempted ${routes.length * perRoute} requests + 3 jobs, reached the model ${reached} ` +
          `(${perFeature}; automation job ${automationCalls}), tokens recorded ${recorded} of ${allowance} ` +
          `(at most one call's worth over)`,
        ok: reached <= allowance / tokensPerCall && recorded === reached * tokensPerCall,
      });

      // 2. Allowance spent: nothing reaches the model, from routes or jobs.
      const [me] = await app.db.select({ id: users.id }).from(users).limit(1);
      await app.db.insert(aiUsage).values({
        ownerId: me?.id as string,
        kind: "generate-post",
        model: "test-model",
        promptTokens: allowance,
        completionTokens: 0,
      });
      server.state.requests.length = 0;
      const later = () => new Date(Date.now() + 30 * 24 * 60 * 60 * 1000);
      const after = await Promise.all([
        ...routes.flatMap(([, path, body]) =>
          Array.from({ length: 5 }, () => owner.post(path, body)),
        ),
      ]);
      await runDueAutomation({
        db: app.db,
        ai: gate,
        clock: later,
        generations: app.generations,
      });
      await runWeeklyAffiliatePrograms({ db: app.db, ai: gate, clock: later });
      await runWeeklyBlogIdeas({ db: app.db, ai: gate, clock: later });
      figures.push({
        name: "AI after the allowance",
        text: `attempted ${after.length} requests + 3 jobs, reached the model ${server.state.requests.length}, refused ${after.filter((r) => r.status === 429).length}`,
        ok: server.state.requests.length === 0 && after.every((r) => r.status === 429),
      });
    } finally {
      await app.close();
      await server.close();
    }
    return figures;
  },
};
