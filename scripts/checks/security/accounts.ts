/**
 * Accounts and sessions (issue 13, findings 5, 8, 9, 10, 11): who can create accounts and how
 * fast, whether a stranger can lock an owner out, whether owner answers can be cached, whether
 * the session cookie is Secure on https, and whether a direct client can choose its address.
 */
import { request } from "node:http";
import { defaultSignInRateLimit } from "../../../api/auth/routes.ts";
import { createBlog, createOwner } from "../../../api/test/factories.ts";
import { type TestApp, withTestApp } from "../../../api/test/harness.ts";
import { listRoutes } from "../../../api/test/routes.ts";
import { type Figure, firstFew, type SecurityCheck } from "./report.ts";

const password = "correct horse battery";

/** A JSON POST from `localAddress` with `X-Forwarded-For: forwardedFor`; the status. */
const postFrom = (
  app: TestApp,
  localAddress: string,
  forwardedFor: string,
  path: string,
  json: unknown,
) =>
  new Promise<number>((resolve, reject) => {
    const url = new URL(app.baseUrl);
    const body = JSON.stringify(json);
    request(
      {
        hostname: url.hostname,
        port: url.port,
        localAddress,
        method: "POST",
        path,
        headers: {
          "content-type": "application/json",
          "content-length": Buffer.byteLength(body),
          "x-forwarded-for": forwardedFor,
        },
      },
      (res) => {
        res.resume();
        res.on("end", () => resolve(res.statusCode ?? 0));
      },
    )
      .on("error", reject)
      .end(body);
  });

async function signUps(): Promise<Figure[]> {
  const limit = defaultSignInRateLimit.signUpsPerAddress;
  // Open registration, the default per-address limit: 60 sign-ups at once from one address.
  const burst = await withTestApp(
    { env: { REGISTRATION: "open", SIGN_UPS_PER_ADDRESS: String(limit) } },
    async (app) => {
      const answers = await Promise.all(
        Array.from({ length: 60 }, (_, i) =>
          app.client().post("/auth/sign-up", { email: `burst-${i}@example.com`, password }),
        ),
      );
      return answers.filter((res) => res.status === 201).length;
    },
  );
  // The default setting: the first owner, then strangers without and with forged or reused invitations.
  const gate = await withTestApp({ env: { REGISTRATION: "" } }, async (app) => {
    const first = await app
      .client()
      .post("/auth/sign-up", { email: "first@example.com", password });
    const owner = app.client();
    await owner.post("/auth/sign-in", { email: "first@example.com", password });
    const uninvited = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        app.client().post("/auth/sign-up", { email: `stranger-${i}@example.com`, password }),
      ),
    );
    const forged = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        app.client().post("/auth/sign-up", {
          email: `forger-${i}@example.com`,
          password,
          invite: `${"A".repeat(30)}${i}x`,
        }),
      ),
    );
    const invitation = await owner.post("/api/invitations", {});
    const invite =
      invitation.status === 201
        ? new URL(invitation.body.url).searchParams.get("invite")
        : `${"B".repeat(31)}x`;
    // One invitation, ten people racing to use it.
    const race = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        app.client().post("/auth/sign-up", { email: `guest-${i}@example.com`, password, invite }),
      ),
    );
    return {
      first: first.status,
      invitation: invitation.status,
      uninvited: uninvited.filter((res) => res.status === 201).length,
      forged: forged.filter((res) => res.status === 201).length,
      raced: race.filter((res) => res.status === 201).length,
    };
  });
  return [
    {
      name: "sign-up burst, one address",
      text: `created ${burst} of 60 attempted at once (limit ${limit} per hour per address)`,
      ok: burst <= limit && burst > 0,
    },
    {
      name: "registration",
      text:
        `default setting: first owner ${gate.first}; then created without invitation ${gate.uninvited} of 20,` +
        ` with forged invitations ${gate.forged} of 10, with one invitation raced by 10 ${gate.raced} (must be 1);` +
        ` invitation created ${gate.invitation}`,
      ok:
        gate.first === 201 &&
        gate.invitation === 201 &&
        gate.uninvited === 0 &&
        gate.forged === 0 &&
        gate.raced === 1,
    },
  ];
}

async function lockout(): Promise<Figure> {
  // Behind a proxy on loopback: each request names its client address.
  return withTestApp({ env: { TRUST_PROXY: "true" } }, async (app) => {
    await createOwner(app, "target@example.com");
    const from = (address: string) => ({ headers: { "x-forwarded-for": address } });
    const stranger = await Promise.all(
      Array.from({ length: 100 }, () =>
        app
          .client()
          .post(
            "/auth/sign-in",
            { email: "target@example.com", password: "wrong password!" },
            from("203.0.113.66"),
          ),
      ),
    );
    const accepted = stranger.filter((res) => res.status !== 429).length;
    const owner = await app
      .client()
      .post("/auth/sign-in", { email: "target@example.com", password }, from("198.51.100.7"));
    const perPair = defaultSignInRateLimit.perEmailAndAddress;
    return {
      name: "targeted lockout",
      text: `a stranger's 100 wrong passwords: accepted ${accepted} (limit ${perPair} per e-mail and address); the owner then signs in from another address: ${owner.status}`,
      ok: accepted <= perPair && owner.status === 200,
    };
  });
}

async function forwarded(): Promise<Figure> {
  const { perAddress } = defaultSignInRateLimit;
  // The proxy is 127.0.0.2; a direct client on 127.0.0.1 spoofs a new address on each try.
  return withTestApp({ env: { TRUST_PROXY: "127.0.0.2" } }, async (app) => {
    let spoofed = 0;
    let proxied = 0;
    for (let i = 0; i < 70; i++) {
      const body = { email: `spoof-${i}@example.com`, password: "wrong password!" };
      if ((await postFrom(app, "127.0.0.1", `203.0.113.${i + 1}`, "/auth/sign-in", body)) !== 429)
        spoofed++;
    }
    for (let i = 0; i < 70; i++) {
      const body = { email: `proxied-${i}@example.com`, password: "wrong password!" };
      if ((await postFrom(app, "127.0.0.2", `198.51.100.${i + 1}`, "/auth/sign-in", body)) !== 429)
        proxied++;
    }
    const trueMeans = await withTestApp({ env: { TRUST_PROXY: "true" } }, async (other) => {
      const trusts = other.express.get("trust proxy fn") as (
        address: string,
        hop: number,
      ) => boolean;
      const outside = [
        "203.0.113.9",
        "10.0.0.5",
        "192.168.1.2",
        "2001:db8::1",
        "::ffff:203.0.113.9",
      ];
      return outside.filter((address) => trusts(address, 0)).length;
    });
    return {
      name: "forwarded headers",
      text:
        `TRUST_PROXY=127.0.0.2: a direct client spoofing X-Forwarded-For got ${spoofed} of 70 failed sign-ins accepted (limit ${perAddress} per address);` +
        ` through the proxy ${proxied} of 70 (each its own address); TRUST_PROXY=true trusts non-loopback peers ${trueMeans} of 5`,
      ok: spoofed <= perAddress && proxied === 70 && trueMeans === 0,
    };
  });
}

async function privateAnswers(): Promise<Figure[]> {
  return withTestApp({}, async (app) => {
    const owner = await createOwner(app);
    const blog = await createBlog(owner);
    const gets = listRoutes(app.express).filter(
      (route) =>
        route.method === "GET" &&
        route.path.startsWith("/api/") &&
        !/^\/api\/(public|tls)\//.test(route.path),
    );
    const cacheable: string[] = [];
    for (const route of gets) {
      const path = route.path.replace(/:(\w+)/g, blog.id).replace(/\{\*\w+\}/g, "x");
      const res = await owner.get(path, { headers: { "if-none-match": "*" } });
      const cacheControl = res.headers.get("cache-control") ?? "";
      if (
        !/private/.test(cacheControl) ||
        !/no-store/.test(cacheControl) ||
        res.headers.has("etag") ||
        res.status === 304
      ) {
        const etag = res.headers.get("etag") ?? "none";
        cacheable.push(
          `GET ${route.path} → ${res.status}, Cache-Control "${cacheControl}", ETag ${etag}`,
        );
      }
    }
    const secure = await withTestApp(
      { env: { APP_ORIGIN: "https://app.example.com" } },
      async (https) => {
        const client = https.client({ origin: "https://app.example.com" });
        const res = await client.post("/auth/sign-up", { email: "secure@example.com", password });
        return res.headers.getSetCookie().find((c) => /^(__Host-)?session=/.test(c)) ?? "none";
      },
    );
    const secureOk =
      secure.startsWith("__Host-session=") &&
      /;\s*Secure/i.test(secure) &&
      /;\s*Path=\//i.test(secure);
    return [
      {
        name: "private answers",
        text: `owner GET routes cacheable or revalidatable ${cacheable.length} of ${gets.length} (each must send Cache-Control: private, no-store and no ETag)`,
        ok: cacheable.length === 0 && gets.length > 0,
        details: firstFew(cacheable),
      },
      {
        name: "session cookie on https",
        text: `APP_ORIGIN=https://…, request over http: ${secure.split(";").slice(0, 1)[0]?.split("=")[0]} with${secureOk ? "" : "out"} Secure and Path=/`,
        ok: secureOk,
        details: [secure.replace(/=[^;]+/, "=…")],
      },
    ];
  });
}

export const accountsCheck: SecurityCheck = {
  name: "accounts",
  async run() {
    // Each measure on its own: one that cannot run is a failing line, the others still print.
    const parts: [string, () => Promise<Figure | Figure[]>][] = [
      ["sign-ups", signUps],
      ["targeted lockout", lockout],
      ["forwarded headers", forwarded],
      ["private answers", privateAnswers],
    ];
    const figures: Figure[] = [];
    for (const [name, measure] of parts) {
      try {
        figures.push(...[await measure()].flat());
      } catch (error) {
        figures.push({
          name,
          text: `could not run: ${(error as Error).stack ?? error}`,
          ok: false,
        });
      }
    }
    return figures;
  },
};
