import express, { type Request, type Response } from "express";
import { ipKeyGenerator, rateLimit } from "express-rate-limit";
import { subscribeForm, subscribeRequestsPerHour } from "../../../contracts/newsletters.ts";
import { escapeHtml } from "../../auth/local/sign-in-page.ts";
import type { blogs } from "../../db/schema.ts";
import type { Mailer } from "../../mail/mailer.ts";
import {
  confirmSubscription,
  requestSubscription,
  type SubscriptionDeps,
  unsubscribe,
  unsubscribeLinkWorks,
} from "./subscriptions.ts";

type BlogRow = typeof blogs.$inferSelect;

/**
 * A blog's subscribe, confirm and unsubscribe addresses, on its own host and under
 * `/blog/{slug}/` (decision 372): `POST subscribe` (the form, no JavaScript needed),
 * `GET subscribe/confirm?token=…`, `GET` or `POST unsubscribe?token=…` (RFC 8058 one-click).
 * Answers are small pages of their own; none tells whether an address was on the list.
 */
export type SubscriptionHandler = (
  req: Request,
  res: Response,
  blog: BlogRow,
  /** The path inside the blog ("/subscribe"). */
  path: string,
  /** Where the blog's pages start on this host ("/" or "/blog/{slug}/"). */
  base: string,
) => Promise<boolean>;

const brokenUnsubscribeLink = "It was changed on the way. Use the link of a recent e-mail.";

function page(
  res: Response,
  status: number,
  blog: BlogRow,
  title: string,
  text: string,
  button?: { action: string; label: string },
) {
  const form = button
    ? `<form method="post" action="${escapeHtml(button.action)}"><button type="submit">${escapeHtml(button.label)}</button></form>`
    : "";
  const body =
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="robots" content="noindex">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)} · ${escapeHtml(blog.name)}</title></head>` +
    `<body><main><h1>${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p>${form}` +
    `<p><a href="./">Back to ${escapeHtml(blog.name)}</a></p></main></body></html>`;
  res
    .status(status)
    .set({ "Cache-Control": "no-store", "X-Robots-Tag": "noindex" })
    .type("html")
    .send(body);
}

export function subscriptionHandler(
  deps: SubscriptionDeps & {
    mailer?: Mailer | undefined;
    logger?: { warn: (o: object, m: string) => void };
  },
): SubscriptionHandler {
  const form = express.urlencoded({ extended: false, limit: "4kb" });
  const parse = (req: Request, res: Response) =>
    new Promise<void>((resolve, reject) =>
      form(req, res, (error) => (error ? reject(error) : resolve())),
    );
  const perAddress = rateLimit({
    windowMs: 60 * 60 * 1000,
    limit: subscribeRequestsPerHour,
    keyGenerator: (req) => ipKeyGenerator(req.ip ?? ""),
    standardHeaders: "draft-8",
    legacyHeaders: false,
    handler: (_req, res) => {
      res.status(429).type("text").send("Too many subscribe requests. Try again later.");
    },
  });
  /** Whether the address is over its limit (then the answer is sent). */
  const limited = async (req: Request, res: Response) => {
    let passed = false;
    await perAddress(req, res, () => {
      passed = true;
    });
    return !passed;
  };

  return async (req, res, blog, path, base) => {
    const origin = `${req.protocol}://${req.get("host")}${base}`;
    if (path === "/subscribe" && req.method === "POST") {
      if (await limited(req, res)) return true;
      await parse(req, res);
      const parsed = subscribeForm.safeParse(req.body ?? {});
      if (!parsed.success) {
        page(
          res,
          400,
          blog,
          "Check your e-mail address",
          "Enter a valid e-mail address and try again.",
        );
        return true;
      }
      if (!deps.mailer) {
        page(
          res,
          503,
          blog,
          "Subscriptions are closed",
          `${blog.name} cannot send e-mail right now.`,
        );
        return true;
      }
      // A filled honeypot is a bot's: it gets the same answer and nothing happens.
      if (!parsed.data.website) {
        const due = await requestSubscription(deps, blog, parsed.data);
        if (due === "full") {
          page(res, 429, blog, "Try again later", "This blog takes many sign-ups right now.");
          return true;
        }
        if (due) {
          const link = `${origin}subscribe/confirm?token=${encodeURIComponent(due.confirmToken)}`;
          // Sent after the answer: how long the mail server takes tells nothing either.
          void deps.mailer
            .send({
              to: due.to,
              subject: `Confirm your subscription to ${blog.name}`,
              text: [
                `Someone (we hope you) asked to get new posts of ${blog.name} by e-mail.`,
                "",
                `Confirm with this link: ${link}`,
                "",
                "If it was not you, ignore this e-mail: nothing is sent without the confirmation.",
              ].join("\n"),
            })
            .catch((error: unknown) =>
              deps.logger?.warn({ err: error }, "subscription confirmation not sent"),
            );
        }
      }
      page(
        res,
        200,
        blog,
        "Check your inbox",
        `If the address can subscribe, a link to confirm it is on its way. Follow it to get new posts of ${blog.name} by e-mail.`,
      );
      return true;
    }
    const token = typeof req.query.token === "string" ? req.query.token : "";
    if (path === "/subscribe/confirm" && req.method === "GET") {
      const done = token !== "" && (await confirmSubscription(deps, blog.id, token));
      if (done)
        page(res, 200, blog, "You are subscribed", `New posts of ${blog.name} come by e-mail now.`);
      else
        page(
          res,
          400,
          blog,
          "This link does not work",
          "It expired or was changed. Subscribe again from the blog.",
        );
      return true;
    }
    const issueId = typeof req.query.i === "string" ? req.query.i : undefined;
    if (path === "/unsubscribe" && req.method === "GET") {
      // A GET only asks: mail scanners and link previews follow links, and must not take a
      // reader off the list (RFC 8058). The button posts, as mail programs' one click does.
      if (!(await unsubscribeLinkWorks(deps, blog.id, token))) {
        page(res, 400, blog, "This link does not work", brokenUnsubscribeLink);
        return true;
      }
      page(res, 200, blog, "Unsubscribe?", `You will get no more e-mail from ${blog.name}.`, {
        action: `unsubscribe?${new URLSearchParams({ token, ...(issueId ? { i: issueId } : {}) })}`,
        label: "Unsubscribe",
      });
      return true;
    }
    if (path === "/unsubscribe" && req.method === "POST") {
      const done = token !== "" && (await unsubscribe(deps, blog.id, token, issueId));
      if (done)
        page(res, 200, blog, "You are unsubscribed", `${blog.name} sends you no more e-mail.`);
      else page(res, 400, blog, "This link does not work", brokenUnsubscribeLink);
      return true;
    }
    return false;
  };
}
