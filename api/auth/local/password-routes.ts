import express, { type Request, type Response, Router } from "express";
import { ipKeyGenerator, rateLimit } from "express-rate-limit";
import { localCredentials } from "../../../contracts/auth.ts";
import {
  type PasswordChangeInput,
  type PasswordStatus,
  passwordChangeInput,
  passwordResetInput,
} from "../../../contracts/passwords.ts";
import { HttpError } from "../../http/errors.ts";
import type { RateLimitStores } from "../../http/pg-rate-limit-store.ts";
import { inputOf, validate } from "../../http/validate.ts";
import { currentUser, requireUser } from "../session-middleware.ts";
import { renderForgotPasswordPage, renderResetPasswordPage } from "./password-pages.ts";
import type { Passwords } from "./passwords-service.ts";

export type PasswordRateLimit = {
  windowMs: number;
  /** Failed password changes per signed-in person (like failed sign-ins per e-mail and address). */
  changesPerPerson: number;
  /** "Forgot password?" requests per client address per `resetWindowMs`, sent or not. */
  resetsPerAddress: number;
  /** "Forgot password?" requests per e-mail per `resetWindowMs`, from all addresses together. */
  resetsPerEmail: number;
  resetWindowMs: number;
  /** Failed "Choose a new password" posts per client address per `windowMs`. */
  failedResetsPerAddress: number;
};
export const defaultPasswordRateLimit: PasswordRateLimit = {
  windowMs: 15 * 60 * 1000,
  changesPerPerson: 10,
  resetsPerAddress: 20,
  resetsPerEmail: 5,
  resetWindowMs: 60 * 60 * 1000,
  failedResetsPerAddress: 50,
};

type Deps = {
  passwords: Passwords;
  /** False with an OpenID provider: it keeps the passwords, so there is nothing to reset here. */
  builtInSignIn: boolean;
  startSession: (req: Request, res: Response, userId: string) => Promise<void>;
  rateLimit?: Partial<PasswordRateLimit>;
  limitStores?: RateLimitStores;
};

const tooMany = (minutes: number) => `Too many attempts. Wait ${minutes} minutes and try again.`;

/**
 * Passwords of built-in accounts (decision 356): "Change password" in Account Settings
 * (`PUT /api/auth/password`), and the signed-out "Forgot password?" pages, plain HTML like the
 * sign-in page.
 */
export function passwordRoutes({
  passwords,
  builtInSignIn,
  startSession,
  rateLimit: configured,
  limitStores,
}: Deps): Router {
  const router = Router();
  const limits = { ...defaultPasswordRateLimit, ...configured };
  const form = express.urlencoded({ extended: false, limit: "16kb" });
  const limiter = (
    name: string,
    options: { windowMs: number; limit: number; onlyFailures: boolean },
    key: (req: Request) => string,
    answer: (req: Request, res: Response, message: string) => void,
  ) =>
    rateLimit({
      windowMs: options.windowMs,
      limit: options.limit,
      skipSuccessfulRequests: options.onlyFailures,
      store: limitStores?.(name),
      standardHeaders: "draft-8",
      legacyHeaders: false,
      keyGenerator: key,
      handler: (req, res) =>
        answer(req, res.status(429), tooMany(Math.ceil(options.windowMs / 60_000))),
    });
  const address = (req: Request) => `address:${ipKeyGenerator(req.ip ?? "")}`;

  router.get("/api/auth/password", requireUser, async (req, res) => {
    const status: PasswordStatus = { builtIn: await passwords.hasPassword(currentUser(req).id) };
    res.json(status);
  });

  router.put(
    "/api/auth/password",
    requireUser,
    limiter(
      "password-changes-per-person",
      { windowMs: limits.windowMs, limit: limits.changesPerPerson, onlyFailures: true },
      (req) => `person:${req.user?.id ?? ""}`,
      (_req, res, message) => res.json({ code: "rate_limited", message }),
    ),
    validate({ body: passwordChangeInput }),
    async (req, res) => {
      const { body } = inputOf<PasswordChangeInput>(res);
      await passwords.change(currentUser(req).id, req.sessionToken, body);
      res.status(204).end();
    },
  );

  if (!builtInSignIn) return router;

  const forgotPage = (res: Response, state: Parameters<typeof renderForgotPasswordPage>[0]) =>
    res.type("html").send(renderForgotPasswordPage(state));
  const answerForgot = (_req: Request, res: Response, message: string) =>
    forgotPage(res, { sendsEmail: passwords.sendsEmail, errors: [message] });

  router.get("/auth/forgot-password", (_req, res) => {
    forgotPage(res, { sendsEmail: passwords.sendsEmail });
  });

  const emailOf = (req: Request) =>
    String(req.body?.email ?? "")
      .trim()
      .toLowerCase();
  router.post(
    "/auth/forgot-password",
    form,
    limiter(
      "password-resets-per-address",
      { windowMs: limits.resetWindowMs, limit: limits.resetsPerAddress, onlyFailures: false },
      address,
      answerForgot,
    ),
    limiter(
      "password-resets-per-email",
      { windowMs: limits.resetWindowMs, limit: limits.resetsPerEmail, onlyFailures: false },
      (req) => `email:${emailOf(req)}`,
      answerForgot,
    ),
    (req, res) => {
      if (!passwords.sendsEmail) return forgotPage(res, { sendsEmail: false });
      const email = localCredentials.shape.email.safeParse(req.body?.email ?? "");
      if (!email.success) {
        return forgotPage(res.status(400), {
          sendsEmail: true,
          email: String(req.body?.email ?? ""),
          errors: email.error.issues.map((issue) => issue.message),
        });
      }
      // Answered before the lookup and the e-mail, so the time taken tells nothing either.
      forgotPage(res, { sendsEmail: true, sent: true });
      passwords.request(email.data).catch((error: unknown) => {
        req.log.error({ err: error }, "a password reset e-mail could not be sent");
      });
    },
  );

  const tokenOf = (source: unknown) => {
    const value = (source as { token?: unknown } | undefined)?.token;
    return typeof value === "string" ? value : "";
  };
  const resetPage = (res: Response, state: Parameters<typeof renderResetPasswordPage>[0]) =>
    res.type("html").send(renderResetPasswordPage(state));

  router.get("/auth/reset-password", async (req, res) => {
    const token = tokenOf(req.query);
    const works = passwordResetInput.shape.token.safeParse(token).success
      ? await passwords.linkWorks(token)
      : false;
    resetPage(res.status(works ? 200 : 410), { token, works });
  });

  router.post(
    "/auth/reset-password",
    form,
    limiter(
      "password-reset-failures-per-address",
      { windowMs: limits.windowMs, limit: limits.failedResetsPerAddress, onlyFailures: true },
      address,
      (req, res, message) =>
        resetPage(res, { token: tokenOf(req.body), works: true, errors: [message] }),
    ),
    async (req, res) => {
      const token = tokenOf(req.body);
      const parsed = passwordResetInput.safeParse(req.body ?? {});
      if (!parsed.success) {
        const tokenBad = parsed.error.issues.some((issue) => issue.path[0] === "token");
        if (tokenBad || !(await passwords.linkWorks(token))) {
          return resetPage(res.status(410), { token, works: false });
        }
        return resetPage(res.status(400), {
          token,
          works: true,
          errors: parsed.error.issues.map((issue) => issue.message),
        });
      }
      try {
        const userId = await passwords.reset(parsed.data.token, parsed.data.password);
        await startSession(req, res, userId);
        res.redirect(303, "/");
      } catch (error) {
        if (error instanceof HttpError && error.code === "reset_link_invalid") {
          return resetPage(res.status(410), { token, works: false });
        }
        throw error;
      }
    },
  );

  return router;
}
