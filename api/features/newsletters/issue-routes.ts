import { and, eq, inArray } from "drizzle-orm";
import { Router } from "express";
import { ipKeyGenerator, rateLimit } from "express-rate-limit";
import { type IdParams, idParams } from "../../../contracts/ids.ts";
import {
  type BlogNewsletter,
  type NewsletterSettingsInput,
  newsletterSettingsInput,
  type PostNewsletter,
  type PostNewsletterInput,
  postNewsletterInput,
} from "../../../contracts/newsletter-issues.ts";
import { currentUser, requireUser } from "../../auth/session-middleware.ts";
import type { Database } from "../../db/client.ts";
import { first } from "../../db/query.ts";
import { blogs, newsletterIssues, posts, users } from "../../db/schema.ts";
import { Conflict, HttpError, NotFound } from "../../http/errors.ts";
import { inputOf, validate } from "../../http/validate.ts";
import type { Mailer } from "../../mail/mailer.ts";
import { blogFor, requireCapability, rowFor } from "../members/access.ts";
import { postFor } from "../posts/post-access.ts";
import type { Publishing } from "../publishing/publishing.ts";
import { issuesOf, subscribedCount, withReport } from "./issue-reports.ts";
import { postEmailPreview } from "./issues.ts";

/**
 * A blog's newsletter in the dashboard (decision 373): its settings, its issues with their
 * reports, a post's "Also send by e-mail", the e-mail's preview and a test send to oneself.
 */
export function newsletterIssueRoutes(deps: {
  db: Database;
  publishing?: Pick<Publishing, "loadSnapshot">;
  mailer?: Mailer;
}): Router {
  const { db, mailer } = deps;
  const router = Router();
  const available = mailer !== undefined && deps.publishing !== undefined;
  const unavailable = () =>
    new HttpError(
      503,
      "newsletter_unavailable",
      "This server sends no e-mail: set SMTP_URL and SMTP_FROM to send newsletters.",
    );

  const settingsOf = (blog: typeof blogs.$inferSelect) => ({
    senderName: blog.newsletterSenderName,
    senderAddress: blog.newsletterSenderAddress,
    sendByDefault: blog.newsletterSendByDefault,
    weeklyDigest: blog.newsletterWeeklyDigest,
  });

  const blogNewsletter = async (blogId: string, userId: string): Promise<BlogNewsletter> => {
    const { blog } = await blogFor(db, userId, blogId, "newsletter.send");
    return {
      available,
      settings: settingsOf(blog),
      subscribed: await subscribedCount(db, blog.id),
      issues: await issuesOf(db, blog.id),
    };
  };

  router.get(
    "/api/blogs/:id/newsletter",
    requireUser,
    validate({ params: idParams }),
    async (req, res) => {
      const { params } = inputOf<unknown, unknown, IdParams>(res);
      res.json(await blogNewsletter(params.id, currentUser(req).id));
    },
  );

  router.patch(
    "/api/blogs/:id/newsletter",
    requireUser,
    validate({ params: idParams, body: newsletterSettingsInput }),
    async (req, res) => {
      const { params, body } = inputOf<NewsletterSettingsInput, unknown, IdParams>(res);
      const userId = currentUser(req).id;
      const { blog } = await blogFor(db, userId, params.id, "blog.manage");
      await db
        .update(blogs)
        .set({
          ...(body.senderName !== undefined
            ? { newsletterSenderName: body.senderName || null }
            : {}),
          ...(body.senderAddress !== undefined
            ? { newsletterSenderAddress: body.senderAddress || null }
            : {}),
          ...(body.sendByDefault !== undefined
            ? { newsletterSendByDefault: body.sendByDefault }
            : {}),
          ...(body.weeklyDigest !== undefined ? { newsletterWeeklyDigest: body.weeklyDigest } : {}),
        })
        .where(eq(blogs.id, blog.id));
      res.json(await blogNewsletter(blog.id, userId));
    },
  );

  /** The post's e-mail choice, for whoever may publish it and send the blog's newsletter. */
  const postNewsletter = async (postId: string, userId: string): Promise<PostNewsletter> => {
    const access = await postFor(db, userId, postId, "read");
    requireCapability(access, "newsletter.send");
    const issue = await first(
      db
        .select()
        .from(newsletterIssues)
        .where(and(eq(newsletterIssues.postId, postId), eq(newsletterIssues.kind, "post"))),
    );
    return {
      available,
      sendByEmail: access.post.sendByEmail,
      sendByDefault: access.blog.newsletterSendByDefault,
      subscribed: await subscribedCount(db, access.blog.id),
      issue: issue ? await withReport(db, issue) : null,
    };
  };

  router.get(
    "/api/posts/:id/newsletter",
    requireUser,
    validate({ params: idParams }),
    async (req, res) => {
      const { params } = inputOf<unknown, unknown, IdParams>(res);
      res.json(await postNewsletter(params.id, currentUser(req).id));
    },
  );

  router.put(
    "/api/posts/:id/newsletter",
    requireUser,
    validate({ params: idParams, body: postNewsletterInput }),
    async (req, res) => {
      const { params, body } = inputOf<PostNewsletterInput, unknown, IdParams>(res);
      const userId = currentUser(req).id;
      const access = await postFor(db, userId, params.id, "publish");
      requireCapability(access, "newsletter.send");
      if (body.sendByEmail && !available) throw unavailable();
      const sent = await first(
        db
          .select({ number: newsletterIssues.number })
          .from(newsletterIssues)
          .where(and(eq(newsletterIssues.postId, params.id), eq(newsletterIssues.kind, "post"))),
      );
      if (sent && body.sendByEmail)
        throw Conflict(`This post was sent by e-mail already, as issue ${sent.number}.`);
      await db.update(posts).set({ sendByEmail: body.sendByEmail }).where(eq(posts.id, params.id));
      res.json(await postNewsletter(params.id, userId));
    },
  );

  router.get(
    "/api/posts/:id/newsletter/preview",
    requireUser,
    validate({ params: idParams }),
    async (req, res) => {
      const { params } = inputOf<unknown, unknown, IdParams>(res);
      const access = await postFor(db, currentUser(req).id, params.id, "read");
      requireCapability(access, "newsletter.send");
      if (!deps.publishing) throw unavailable();
      const email = await postEmailPreview({ db, publishing: deps.publishing }, access.post);
      if (!email) throw NotFound("Post");
      res.json(email);
    },
  );

  // A test send goes to the person asking, a few an hour.
  const testSends = rateLimit({
    windowMs: 60 * 60 * 1000,
    limit: 10,
    keyGenerator: (req) => currentUser(req).id || ipKeyGenerator(req.ip ?? ""),
    standardHeaders: "draft-8",
    legacyHeaders: false,
    handler: (_req, res) => {
      res.status(429).json({
        code: "rate_limited",
        message: "Too many test e-mails. Try again in an hour.",
      });
    },
  });

  router.post(
    "/api/posts/:id/newsletter/test",
    requireUser,
    validate({ params: idParams }),
    testSends,
    async (req, res) => {
      const { params } = inputOf<unknown, unknown, IdParams>(res);
      const user = currentUser(req);
      const access = await postFor(db, user.id, params.id, "read");
      requireCapability(access, "newsletter.send");
      if (!mailer || !deps.publishing) throw unavailable();
      const email = await postEmailPreview({ db, publishing: deps.publishing }, access.post);
      const account = await first(
        db.select({ email: users.email }).from(users).where(eq(users.id, user.id)),
      );
      if (!email) throw NotFound("Post");
      if (!account?.email)
        throw new HttpError(
          400,
          "no_email",
          "Your account has no e-mail address to send a test to.",
        );
      try {
        await mailer.send({
          to: account.email,
          subject: `[Test] ${email.subject}`,
          html: email.html,
          text: email.text,
        });
      } catch (error) {
        throw new HttpError(
          502,
          "smtp_failed",
          `The SMTP server did not take the test e-mail: ${(error as Error).message}`,
        );
      }
      res.json({ sentTo: account.email });
    },
  );

  router.post(
    "/api/newsletter-issues/:id/cancel",
    requireUser,
    validate({ params: idParams }),
    async (req, res) => {
      const { params } = inputOf<unknown, unknown, IdParams>(res);
      const userId = currentUser(req).id;
      const issue = await rowFor(
        db,
        userId,
        await first(db.select().from(newsletterIssues).where(eq(newsletterIssues.id, params.id))),
        "Issue",
        "newsletter.send",
      );
      const [cancelled] = await db
        .update(newsletterIssues)
        .set({ status: "cancelled", finishedAt: new Date() })
        .where(
          and(
            eq(newsletterIssues.id, issue.id),
            inArray(newsletterIssues.status, ["queued", "sending"]),
          ),
        )
        .returning();
      if (!cancelled) throw Conflict("This issue has finished sending; it cannot be cancelled.");
      res.json(await withReport(db, cancelled));
    },
  );

  return router;
}
