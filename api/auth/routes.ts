import express, { type Request, type Response, Router } from "express";
import { ipKeyGenerator, rateLimit } from "express-rate-limit";
import { localCredentials } from "../../contracts/auth.ts";
import { safeReturnPath } from "../../contracts/return-to.ts";
import type { Database } from "../db/client.ts";
import { HttpError } from "../http/errors.ts";
import { startedOnTheApp } from "../http/fetch-metadata.ts";
import type { RateLimitStores } from "../http/pg-rate-limit-store.ts";
import type { Mailer } from "../mail/mailer.ts";
import { clearCookie, readCookie, sessionCookieName, setCookie } from "./cookies.ts";
import { type PasswordRateLimit, passwordRoutes } from "./local/password-routes.ts";
import { createPasswords } from "./local/passwords-service.ts";
import { createLocalAccounts, type SignUpPolicy } from "./local/service.ts";
import { renderSignInPage } from "./local/sign-in-page.ts";
import { renderSignUpPage } from "./local/sign-up-page.ts";
import type { OidcSignIn } from "./oidc/oidc.ts";
import { presentUser } from "./presenter.ts";
import { requireUser } from "./session-middleware.ts";
import type { SessionStore } from "./sessions.ts";
import { renderSignOutPage } from "./sign-out-page.ts";

export type SignInRateLimit = {
  windowMs: number;
  /** Failed sign-ins per address, whatever the e-mail. */
  perAddress: number;
  /** Failed sign-ins per e-mail from all addresses together: the ceiling a crowd can reach. */
  perEmail: number;
  /** Failed sign-ins per e-mail from one address (decision 063): what locks one stranger out. */
  perEmailAndAddress?: number;
  /** Successful sign-ups per address per `signUpWindowMs` (decision 061). */
  signUpsPerAddress?: number;
  signUpWindowMs?: number;
};
/** Sign-in's limits and the password pages' (decision 356), as the app is given them. */
export type AuthRateLimit = SignInRateLimit & Partial<PasswordRateLimit>;
export const defaultSignInRateLimit = {
  windowMs: 15 * 60 * 1000,
  perAddress: 50,
  perEmail: 100,
  perEmailAndAddress: 10,
  signUpsPerAddress: 5,
  signUpWindowMs: 60 * 60 * 1000,
} satisfies Required<SignInRateLimit>;

type Deps = {
  db: Database;
  sessions: SessionStore;
  oidc: OidcSignIn | undefined;
  rateLimit: Partial<AuthRateLimit>;
  signUpPolicy?: SignUpPolicy;
  /** Shares the counts between processes (PostgreSQL set-up); by default this process's. */
  limitStores?: RateLimitStores;
  /** Sends password reset links (decision 356); none without SMTP. */
  mailer?: Mailer;
  /** APP_ORIGIN: where links in e-mail point. */
  appOrigin?: string;
};

const wantsJson = (req: Request) => req.is("application/json") === "application/json";

/**
 * The page a signed-out visitor asked for (`/api/login?returnTo=…`), kept in a short-lived
 * cookie while they sign in here or at the provider, then led back to (decision 102).
 */
const returnToCookie = "return_to";
const returnToMinutes = 15;

function rememberReturnTo(req: Request, res: Response): string | null {
  const path = safeReturnPath(req.query.returnTo);
  if (path) {
    setCookie(req, res, returnToCookie, path, new Date(Date.now() + returnToMinutes * 60_000));
  } else if (readCookie(req, returnToCookie) !== undefined) {
    // A new sign-in without a page to return to forgets an older one.
    clearCookie(req, res, returnToCookie);
  }
  return path;
}

/** Where to go after signing in: the remembered page (checked again), otherwise '/'. */
function takeReturnTo(req: Request, res: Response): string {
  const path = safeReturnPath(readCookie(req, returnToCookie));
  if (readCookie(req, returnToCookie) !== undefined) clearCookie(req, res, returnToCookie);
  return path ?? "/";
}

/** The invitation token a sign-up form or link carries (`invite`), when it looks like one. */
const inviteOf = (req: Request, source: unknown = req.body): { invite?: string } => {
  const value = (source as { invite?: unknown } | undefined)?.invite;
  return typeof value === "string" && /^[A-Za-z0-9_-]{16,64}$/.test(value) ? { invite: value } : {};
};

/**
 * Sign-in, sign-out and the current user. `/api/login` goes to the external OpenID
 * provider when one is configured, otherwise to the built-in sign-in page.
 */
export function authRoutes({
  db,
  sessions,
  oidc,
  rateLimit: configured,
  signUpPolicy,
  limitStores,
  mailer,
  appOrigin,
}: Deps): Router {
  const router = Router();
  const limits = { ...defaultSignInRateLimit, ...configured };
  const accounts = createLocalAccounts(db, signUpPolicy);

  const startSession = async (req: Request, res: Response, userId: string) => {
    const { token, expiresAt } = await sessions.create(userId);
    setCookie(req, res, sessionCookieName(req), token, expiresAt);
  };

  router.use(
    passwordRoutes({
      passwords: createPasswords({ db, sessions, clock: signUpPolicy?.clock, mailer, appOrigin }),
      builtInSignIn: !oidc,
      startSession,
      rateLimit: configured,
      limitStores,
    }),
  );

  // Only failed attempts count, so people signing in normally never meet the limit.
  const limiterOptions = {
    windowMs: limits.windowMs,
    skipSuccessfulRequests: true,
    standardHeaders: "draft-8" as const,
    legacyHeaders: false,
    handler: (req: Request, res: Response) => {
      const minutes = Math.ceil(limits.windowMs / 60000);
      const message = `Too many sign-in attempts. Wait ${minutes} minutes and try again.`;
      if (wantsJson(req)) {
        res.status(429).json({ code: "rate_limited", message });
      } else {
        res
          .status(429)
          .type("html")
          .send(
            renderSignInPage({
              email: String(req.body?.email ?? ""),
              errors: [message],
              ...inviteOf(req),
            }),
          );
      }
    },
  };
  const perAddress = rateLimit({
    ...limiterOptions,
    limit: limits.perAddress,
    store: limitStores?.("sign-in-per-address"),
  });
  const emailOf = (req: Request) =>
    String(req.body?.email ?? "")
      .trim()
      .toLowerCase();
  // A stranger's failures lock out the stranger's address for that e-mail, not the owner; the
  // per-e-mail ceiling is what a crowd of addresses would have to reach (decision 063).
  const perEmailAndAddress = rateLimit({
    ...limiterOptions,
    limit: limits.perEmailAndAddress,
    store: limitStores?.("sign-in-per-email-and-address"),
    keyGenerator: (req) => `email:${emailOf(req)} address:${ipKeyGenerator(req.ip ?? "")}`,
  });
  const perEmail = rateLimit({
    ...limiterOptions,
    limit: limits.perEmail,
    store: limitStores?.("sign-in-per-email"),
    keyGenerator: (req) => `email:${emailOf(req)}`,
  });
  // Sign-ups: only the successful ones count (decision 061).
  const signUpsPerAddress = rateLimit({
    windowMs: limits.signUpWindowMs,
    limit: limits.signUpsPerAddress,
    store: limitStores?.("sign-ups-per-address"),
    skipFailedRequests: true,
    standardHeaders: "draft-8",
    legacyHeaders: false,
    handler: (req: Request, res: Response) => {
      const message = "Too many new accounts from your address. Try again later.";
      if (wantsJson(req)) res.status(429).json({ code: "rate_limited", message });
      else
        res
          .status(429)
          .type("html")
          .send(renderSignUpPage({ email: emailOf(req), errors: [message], ...inviteOf(req) }));
    },
  });
  const form = express.urlencoded({ extended: false, limit: "16kb" });

  const local = (action: "signIn" | "signUp") => async (req: Request, res: Response) => {
    const parsed = localCredentials.safeParse(req.body ?? {});
    const email = String(req.body?.email ?? "");
    const fail = (
      status: number,
      code: string,
      errors: string[],
      issues?: { path: string; message: string }[],
    ) => {
      if (wantsJson(req)) {
        res.status(status).json({ code, message: errors.join(" "), ...(issues ? { issues } : {}) });
      } else {
        res
          .status(status)
          .type("html")
          .send(
            // A refused sign-up shows the sign-up form again (decision 354).
            (action === "signUp" ? renderSignUpPage : renderSignInPage)({
              email,
              errors,
              ...inviteOf(req),
            }),
          );
      }
    };
    if (!parsed.success) {
      const issues = parsed.error.issues.map((i) => ({
        path: i.path.join("."),
        message: i.message,
      }));
      return fail(
        400,
        "validation_failed",
        issues.map((i) => i.message),
        issues,
      );
    }
    try {
      const user =
        action === "signUp"
          ? await accounts.signUp(parsed.data, inviteOf(req).invite)
          : await accounts.signIn(parsed.data);
      await startSession(req, res, user.id);
      if (wantsJson(req)) res.status(action === "signUp" ? 201 : 200).json(presentUser(user));
      else res.redirect(303, takeReturnTo(req, res));
    } catch (error) {
      if (error instanceof HttpError) return fail(error.status, error.code, [error.message]);
      throw error;
    }
  };

  router.get("/api/auth/user", requireUser, (req, res) => {
    res.json(presentUser(req.user as NonNullable<Request["user"]>));
  });

  // Each external sign-in attempt stores a row until it completes or expires; bound the rate.
  const signInStarts = rateLimit({
    windowMs: 60_000,
    limit: 30,
    store: limitStores?.("sign-in-starts"),
    standardHeaders: "draft-8",
    legacyHeaders: false,
    handler: (_req, res) => {
      res.status(429).json({
        code: "rate_limited",
        message: "Too many sign-in attempts. Wait a minute and try again.",
      });
    },
  });

  router.get("/api/login", signInStarts, async (req, res) => {
    if (req.user) return res.redirect(302, safeReturnPath(req.query.returnTo) ?? "/");
    rememberReturnTo(req, res);
    if (oidc) return oidc.start(req, res);
    // 'Start free' asks for the sign-up form (decision 354); the provider has its own.
    res.redirect(302, req.query.mode === "sign-up" ? "/auth/sign-up" : "/auth/sign-in");
  });

  if (oidc) {
    router.get(oidc.callbackPath, async (req, res) => {
      const userId = await oidc.complete(req, res);
      await startSession(req, res, userId);
      res.redirect(302, takeReturnTo(req, res));
    });
  }

  const signOut = async (req: Request, res: Response) => {
    if (req.sessionToken) await sessions.invalidate(req.sessionToken);
    clearCookie(req, res, sessionCookieName(req));
  };
  // The sign-out link of the account menu. Reached from another site, it only asks (finding 6): the button POSTs,
  // and the Origin check guards the POST.
  router.get("/api/logout", async (req, res) => {
    if (!startedOnTheApp(req.get("sec-fetch-site"))) {
      return res.type("html").send(renderSignOutPage());
    }
    await signOut(req, res);
    res.redirect(302, "/");
  });
  router.post("/api/logout", async (req, res) => {
    await signOut(req, res);
    res.redirect(303, "/");
  });

  if (!oidc) {
    router.get("/auth/sign-in", (req, res) => {
      if (req.user) return res.redirect(302, takeReturnTo(req, res));
      res.type("html").send(renderSignInPage(inviteOf(req, req.query)));
    });
    router.get("/auth/sign-up", (req, res) => {
      if (req.user) return res.redirect(302, takeReturnTo(req, res));
      res.type("html").send(renderSignUpPage(inviteOf(req, req.query)));
    });
    router.post("/auth/sign-in", form, perAddress, perEmailAndAddress, perEmail, local("signIn"));
    router.post(
      "/auth/sign-up",
      form,
      signUpsPerAddress,
      perAddress,
      perEmailAndAddress,
      perEmail,
      local("signUp"),
    );
  }

  return router;
}
