import { randomBytes } from "node:crypto";
import { eq, lt } from "drizzle-orm";
import type { Request, Response } from "express";
import type * as Oidc from "openid-client";
import type { Database } from "../../db/client.ts";
import { oidcLoginFlows, users } from "../../db/schema.ts";
import { HttpError } from "../../http/errors.ts";
import { appOriginOf } from "../../http/same-origin.ts";
import { clearCookie, readCookie, setCookie } from "../cookies.ts";
import { type Clock, hashToken } from "../sessions.ts";

export type OidcSettings = {
  issuerUrl: string;
  clientId: string;
  clientSecret: string;
  appOrigin: string | undefined;
};

const flowCookie = "oidc_flow";
const callbackPath = "/api/callback";
const flowLifetimeMs = 10 * 60 * 1000;

const SignInFailed = (message: string) => new HttpError(400, "sign_in_failed", message);

/**
 * Sign-in with an external OpenID Connect provider: authorization code flow with PKCE,
 * `state` and `nonce`. Each attempt's secrets live in one database row that the callback
 * consumes, so a replayed or forged callback finds nothing to complete.
 */
/** openid-client loads at the first sign-in, not at start (decision 160). */
const openidClient = () => import("openid-client");

export function createOidcSignIn(db: Database, settings: OidcSettings, clock: Clock) {
  let configuration: Promise<Oidc.Configuration> | undefined;

  const discover = () => {
    configuration ??= openidClient()
      .then((oidc) =>
        oidc.discovery(
          new URL(settings.issuerUrl),
          settings.clientId,
          settings.clientSecret,
          undefined,
          new URL(settings.issuerUrl).protocol === "http:"
            ? { execute: [oidc.allowInsecureRequests] }
            : undefined,
        ),
      )
      .catch((error: unknown) => {
        configuration = undefined;
        throw new HttpError(
          503,
          "sign_in_provider_unavailable",
          `The sign-in provider at ${settings.issuerUrl} could not be reached. Try again in a moment. (${(error as Error).message})`,
        );
      });
    return configuration;
  };

  const redirectUri = (req: Request) => `${appOriginOf(req, settings.appOrigin)}${callbackPath}`;

  return {
    callbackPath,

    async start(req: Request, res: Response): Promise<void> {
      const config = await discover();
      const oidc = await openidClient();
      const codeVerifier = oidc.randomPKCECodeVerifier();
      const state = oidc.randomState();
      const nonce = oidc.randomNonce();
      const flowToken = randomBytes(24).toString("base64url");
      const now = clock();
      const expiresAt = new Date(now.getTime() + flowLifetimeMs);
      // Attempts that were never completed expire; clear them as new ones start.
      await db.delete(oidcLoginFlows).where(lt(oidcLoginFlows.expiresAt, now));
      await db
        .insert(oidcLoginFlows)
        .values({ id: hashToken(flowToken), state, codeVerifier, nonce, expiresAt });
      setCookie(req, res, flowCookie, flowToken, expiresAt, callbackPath);
      const url = oidc.buildAuthorizationUrl(config, {
        redirect_uri: redirectUri(req),
        scope: "openid email profile",
        code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: "S256",
        state,
        nonce,
      });
      res.redirect(302, url.href);
    },

    /** Completes sign-in and returns the user id, or throws `sign_in_failed`. */
    async complete(req: Request, res: Response): Promise<string> {
      const flowToken = readCookie(req, flowCookie);
      clearCookie(req, res, flowCookie, callbackPath);
      if (!flowToken) {
        throw SignInFailed(
          "This sign-in link has expired or was opened in another browser. Start signing in again.",
        );
      }
      const [flow] = await db
        .delete(oidcLoginFlows)
        .where(eq(oidcLoginFlows.id, hashToken(flowToken)))
        .returning();
      if (!flow || flow.expiresAt.getTime() <= clock().getTime()) {
        throw SignInFailed(
          "This sign-in attempt has expired or was already used. Start signing in again.",
        );
      }
      const config = await discover();
      const oidc = await openidClient();
      const currentUrl = new URL(req.originalUrl, appOriginOf(req, settings.appOrigin));
      let tokens: Awaited<ReturnType<typeof Oidc.authorizationCodeGrant>>;
      try {
        tokens = await oidc.authorizationCodeGrant(config, currentUrl, {
          pkceCodeVerifier: flow.codeVerifier,
          expectedState: flow.state,
          expectedNonce: flow.nonce,
          idTokenExpected: true,
        });
      } catch (error) {
        req.log?.warn({ err: error }, "OpenID Connect callback refused");
        throw SignInFailed(
          `The sign-in provider's answer was refused: ${(error as Error).message}. Start signing in again.`,
        );
      }
      const claims = tokens.claims();
      if (!claims) throw SignInFailed("The sign-in provider sent no ID token.");
      let profile: Record<string, unknown> = claims;
      if (typeof claims.email !== "string") {
        // Some providers put profile claims only in the UserInfo response.
        try {
          profile = {
            ...(await oidc.fetchUserInfo(config, tokens.access_token, claims.sub)),
            ...claims,
          };
        } catch (error) {
          req.log?.warn({ err: error }, "OpenID Connect UserInfo request failed");
          throw SignInFailed(
            "The sign-in provider did not share your profile. Start signing in again.",
          );
        }
      }
      return upsertUser(db, String(claims.iss), claims.sub, profile);
    },
  };
}
export type OidcSignIn = ReturnType<typeof createOidcSignIn>;

const text = (value: unknown) =>
  typeof value === "string" && value.trim() !== "" ? value.trim() : null;

const httpUrl = (value: unknown) => {
  const url = text(value);
  return url && /^https?:\/\//i.test(url) ? url : null;
};

/** The provider owns the profile: every sign-in refreshes name, e-mail and picture. */
async function upsertUser(
  db: Database,
  issuer: string,
  subject: string,
  profile: Record<string, unknown>,
): Promise<string> {
  const fields = {
    email: text(profile.email)?.toLowerCase() ?? null,
    firstName: text(profile.given_name),
    lastName: text(profile.family_name),
    profileImageUrl: httpUrl(profile.picture),
  };
  const [user] = await db
    .insert(users)
    .values({ oidcIssuer: issuer, oidcSubject: subject, ...fields })
    .onConflictDoUpdate({ target: [users.oidcIssuer, users.oidcSubject], set: fields })
    .returning({ id: users.id });
  if (!user) throw new Error("user upsert returned no row");
  return user.id;
}
