/**
 * Fuzz: property-based requests (fast-check) against every route the router lists, signed in as
 * the owner, as another owner and as nobody. Bodies start from a valid request and get fields
 * replaced by wrong types, unicode edge cases, huge strings (up to just under 1 MB), arrays and
 * objects where strings belong, numbers out of range, or lose fields; queries and path parameters
 * get the same treatment. No answer may be a 5xx, and the server must keep answering.
 *
 * The requests are a pure function of the seed (`fc.sample`), so a failure repeats with
 * `npm run check:security -- fuzz --seed=N`; `TEST_LOG_LEVEL=error` prints the server's stack.
 */
import fc from "fast-check";
import { createOwner } from "../../../api/test/factories.ts";
import { startTestApp, type TestClient } from "../../../api/test/harness.ts";
import {
  type OwnerData,
  ownerCases,
  pathIdFields,
  readerCases,
  seedOwner,
} from "../../../api/test/owner-isolation-cases.ts";
import { listRoutes, type RouteEntry } from "../../../api/test/routes.ts";
import * as contracts from "../../../contracts/index.ts";
import { crashes, type Figure, firstFew, type SecurityCheck } from "./report.ts";
import { encodeAny, validBodies } from "./requests.ts";

/** Just under the 1 MB body limit, so the huge strings reach the routes instead of the 413. */
const maxBodyBytes = 1_048_576 - 1024;
const batchSize = 200;

type IdField = (typeof pathIdFields)[number];

const edgeStrings = [
  "",
  " ",
  "\u0000",
  "a\u0000b",
  "\uD800", // lone high surrogate
  "\uDFFF", // lone low surrogate
  "x\uDBFFy\uDC00z",
  "\u202Eevil\u202C", // right-to-left override
  "\u200F\u05E9\u05DC\u05D5\u05DD", // RTL mark + Hebrew
  "\u0627\u0644\u0633\u0644\u0627\u0645",
  "\u200B", // zero-width space
  "a\u200Db\u200Cc\uFEFF",
  "\uFEFF",
  "\uFFFE\uFFFF",
  "\u{10FFFF}",
  "👩‍👩‍👧‍👦🏳️‍🌈",
  "e\u0301\u0301\u0301",
  "Z̤͔ͧ̑̓ä͖̭̈̇lͮ̒ͫǧ̗͚̚o̙̔ͮ̇͐̇",
  "İıßẞﬀ",
  "\r\n\t\u000b\u000c\u0085\u2028\u2029",
  "../../etc/passwd",
  "..",
  ".",
  "%2e%2e%2f",
  "%00",
  "<script>alert(1)</script>",
  '"><img src=x onerror=alert(1)>',
  "javascript:alert(1)",
  "' OR 1=1 --",
  "$" + "{7*7}{{7*7}}", // template injection, kept out of a template literal
  "__proto__",
  "constructor",
  "hasOwnProperty",
  "null",
  "undefined",
  "true",
  "NaN",
  "-0",
  "1e309",
  "0x10",
  "99999999999999999999999",
  "http://127.0.0.1/",
  "http://[::1]:80/",
  `https://example.com/${"a".repeat(3000)}`,
  "#fff",
  "published",
  "approved",
  "2099-12-31T23:59:59.999Z",
  "1970-01-01T00:00:00.000Z",
  "+275760-09-13T00:00:00.000Z",
  "-271821-04-20T00:00:00.000Z",
  "2026-02-30T25:61:61Z",
  "0000-00-00",
  "owner@example.com",
  "a@b",
];
const edgeNumbers = [
  0,
  -0,
  -1,
  1.5,
  0.1,
  2 ** 31,
  2 ** 32,
  2 ** 53,
  2 ** 53 + 2,
  -(2 ** 63),
  1e308,
  -1e308,
  5e-324,
  Number.MAX_VALUE,
  Number.MIN_SAFE_INTEGER,
];
/** Units repeated into long strings, with their size in a JSON body. */
const longUnits = [
  "a",
  "é",
  "😀",
  "\u200B",
  "\uD800",
  "\u0000",
  "<p>",
  "<b><i>",
  " ",
  "\u202E",
  "&amp;",
];

const codeUnit = fc.integer({ min: 0, max: 0xffff }).map((unit) => String.fromCharCode(unit));
const longText = fc
  .record({ unit: fc.constantFrom(...longUnits), count: fc.integer({ min: 50, max: 5000 }) })
  .map(({ unit, count }) => unit.repeat(count));
const text = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...edgeStrings) },
  { weight: 2, arbitrary: fc.string({ unit: "binary", maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: codeUnit, maxLength: 20 }) },
  { weight: 1, arbitrary: fc.string({ unit: "grapheme", maxLength: 20 }) },
  { weight: 2, arbitrary: fc.string({ maxLength: 60 }) },
  { weight: 1, arbitrary: longText },
);
const number = fc.oneof(
  fc.constantFrom(...edgeNumbers),
  fc.integer(),
  fc.double(), // NaN and ±Infinity become null in JSON
);
const scalar = fc.oneof(
  { weight: 5, arbitrary: text },
  { weight: 2, arbitrary: number },
  { weight: 1, arbitrary: fc.boolean() },
  { weight: 1, arbitrary: fc.constant(null) },
);
const nested = fc
  .integer({ min: 2, max: 3000 })
  .chain((depth) =>
    fc.constantFrom<unknown>(
      JSON.parse("[".repeat(depth) + "]".repeat(depth)),
      JSON.parse(`${'{"a":'.repeat(depth)}1${"}".repeat(depth)}`),
    ),
  );
const value: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 8, arbitrary: scalar },
  { weight: 2, arbitrary: fc.array(scalar, { maxLength: 5 }) },
  { weight: 1, arbitrary: fc.array(text, { minLength: 100, maxLength: 2000 }) },
  { weight: 2, arbitrary: fc.dictionary(text, scalar, { maxKeys: 4 }) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  { weight: 1, arbitrary: nested },
);

/** Every field name of every request schema in contracts/, so each schema's fields get tried. */
function contractFields(): string[] {
  const fields = new Set<string>();
  for (const exported of Object.values(contracts)) {
    const def = (exported as { _zod?: { def?: Record<string, unknown> } })?._zod?.def;
    const shape = (def?.shape ?? (def?.in as { shape?: object } | undefined)?.shape) as
      | object
      | undefined;
    if (shape) for (const key of Object.keys(shape)) fields.add(key);
  }
  return [...fields].sort();
}

type ParamChoice =
  | { kind: "own"; field: IdField }
  | { kind: "other"; field: IdField }
  | { kind: "text"; value: string }
  | { kind: "raw"; value: string };
type BodyChange =
  | { kind: "set"; field: number; value: unknown }
  | { kind: "drop"; field: number }
  | { kind: "add"; name: string; value: unknown };
type BodySpec =
  | { kind: "none" }
  | { kind: "changed"; changes: BodyChange[] }
  | { kind: "value"; value: unknown }
  | { kind: "huge"; field: number; unit: string; bytes: number }
  | { kind: "text"; text: string };
type FuzzRequest = {
  route: number;
  method: "route" | "HEAD" | "other";
  params: ParamChoice[];
  rest: string[];
  query: [string, string | string[]][];
  /** Adds `slug` and `blogSlug` naming the owner's blog. */
  blogSlug: boolean;
  body: BodySpec;
  as: "owner" | "other owner" | "nobody";
  contentType: string | null;
  gzipClaimed: boolean;
};

const rawParams = ["%", "%zz", "%00", "%2e%2e", "..", ".", "a%2Fb", "%C0%AF", "%ED%A0%80", "%FF"];
const rawBodies = [
  "{",
  "[",
  '{"a":',
  "nul",
  "\u0000",
  '"just a string"',
  "123",
  "null",
  "true",
  "[]",
  '{"__proto__":{"polluted":1},"constructor":{"prototype":{"polluted":1}}}',
  '{"a":1,"a":2}',
  "\uFEFF{}",
  "[".repeat(200_000),
  '{"a":"\\ud800"}',
  '{"a":"\\u0000"}',
  "a=1&b[]=2&c[d]=3",
];

function requestArbitrary(routeCount: number, fields: string[]): fc.Arbitrary<FuzzRequest> {
  const param: fc.Arbitrary<ParamChoice> = fc.oneof(
    {
      weight: 4,
      arbitrary: fc.record({ kind: fc.constant("own"), field: fc.constantFrom(...pathIdFields) }),
    },
    {
      weight: 2,
      arbitrary: fc.record({ kind: fc.constant("other"), field: fc.constantFrom(...pathIdFields) }),
    },
    {
      weight: 3,
      arbitrary: fc.record({
        kind: fc.constant("text"),
        value: text.filter((t) => t.length < 2000),
      }),
    },
    {
      weight: 1,
      arbitrary: fc.record({ kind: fc.constant("raw"), value: fc.constantFrom(...rawParams) }),
    },
  ) as fc.Arbitrary<ParamChoice>;
  const change: fc.Arbitrary<BodyChange> = fc.oneof(
    { weight: 4, arbitrary: fc.record({ kind: fc.constant("set"), field: fc.nat(), value }) },
    { weight: 2, arbitrary: fc.record({ kind: fc.constant("drop"), field: fc.nat() }) },
    {
      weight: 2,
      arbitrary: fc.record({
        kind: fc.constant("add"),
        name: fc.oneof(fc.constantFrom(...fields, "__proto__", "constructor"), text),
        value,
      }),
    },
  ) as fc.Arbitrary<BodyChange>;
  const body: fc.Arbitrary<BodySpec> = fc.oneof(
    { weight: 1, arbitrary: fc.constant({ kind: "none" as const }) },
    // Some valid requests between the odd ones, so rows change state as the fuzz goes on.
    { weight: 2, arbitrary: fc.constant<BodySpec>({ kind: "changed", changes: [] }) },
    {
      weight: 10,
      arbitrary: fc.record({
        kind: fc.constant("changed" as const),
        changes: fc.array(change, { minLength: 1, maxLength: 4 }),
      }),
    },
    { weight: 2, arbitrary: fc.record({ kind: fc.constant("value" as const), value }) },
    {
      weight: 1,
      arbitrary: fc.record({
        kind: fc.constant("huge" as const),
        field: fc.nat(),
        unit: fc.constantFrom(...longUnits),
        bytes: fc.oneof(fc.integer({ min: 100_000, max: maxBodyBytes }), fc.constant(maxBodyBytes)),
      }),
    },
    {
      weight: 1,
      arbitrary: fc.record({
        kind: fc.constant("text" as const),
        text: fc.constantFrom(...rawBodies),
      }),
    },
  );
  return fc.record({
    route: fc.nat({ max: routeCount - 1 }),
    method: fc.constantFrom<FuzzRequest["method"]>(
      "route",
      "route",
      "route",
      "route",
      "route",
      "route",
      "HEAD",
      "other",
    ),
    params: fc.array(param, { minLength: 2, maxLength: 2 }),
    rest: fc.array(
      fc.oneof(
        fc.constantFrom(
          "post",
          "category",
          "page",
          "go",
          "rss.xml",
          "sitemap.xml",
          "2",
          "..",
          "%2F",
        ),
        text.filter((t) => t.length < 500),
      ),
      { maxLength: 3 },
    ),
    query: fc.array(
      fc.tuple(
        fc.oneof(
          fc.constantFrom(...fields, "slug", "blogSlug", "p", "domain", "include", "status"),
          text.filter((t) => t.length < 100),
        ),
        fc.oneof(
          text.filter((t) => t.length < 1000),
          fc.array(
            text.filter((t) => t.length < 100),
            { maxLength: 3 },
          ),
        ),
      ),
      { maxLength: 4 },
    ),
    blogSlug: fc.boolean(),
    body,
    as: fc.constantFrom<FuzzRequest["as"]>(
      "owner",
      "owner",
      "owner",
      "owner",
      "other owner",
      "nobody",
    ),
    contentType: fc.constantFrom(
      "application/json",
      "application/json",
      "application/json",
      "application/json",
      "application/json",
      "application/json; charset=utf-8",
      "application/json; charset=utf-16",
      "application/json; charset=latin1",
      "application/x-www-form-urlencoded",
      "text/plain",
      "multipart/form-data; boundary=x",
      null,
    ),
    // A body that claims gzip but is not: the body parser must refuse it, not fail.
    gzipClaimed: fc.oneof(
      { weight: 15, arbitrary: fc.constant(false) },
      { weight: 1, arbitrary: fc.constant(true) },
    ),
  });
}

/** The body a `BodySpec` describes, from the route's valid body. */
function buildBody(spec: BodySpec, base: Record<string, unknown>): string | undefined {
  const keys = Object.keys(base);
  switch (spec.kind) {
    case "none":
      return undefined;
    case "text":
      return spec.text;
    case "value":
      return JSON.stringify(spec.value);
    case "changed": {
      const body: Record<string, unknown> = { ...base };
      for (const change of spec.changes) {
        if (change.kind === "add") {
          // An own property even for "__proto__" (plain assignment would set the prototype).
          Object.defineProperty(body, change.name, {
            value: change.value,
            enumerable: true,
            writable: true,
            configurable: true,
          });
        } else if (keys.length > 0) {
          const key = keys[change.field % keys.length] as string;
          if (change.kind === "set") body[key] = change.value;
          else delete body[key];
        } else if (change.kind === "set") body.value = change.value;
      }
      return JSON.stringify(body);
    }
    case "huge": {
      const key = keys.length > 0 ? (keys[spec.field % keys.length] as string) : "value";
      const rest = JSON.stringify({ ...base, [key]: "" });
      const unitBytes = Buffer.byteLength(JSON.stringify(spec.unit)) - 2;
      const room = Math.min(spec.bytes, maxBodyBytes) - Buffer.byteLength(rest);
      return JSON.stringify({
        ...base,
        [key]: spec.unit.repeat(Math.max(0, Math.floor(room / unitBytes))),
      });
    }
  }
}

/** Form-encodes a JSON body's top level (the sign-in routes read forms). */
function asForm(json: string | undefined): string | undefined {
  if (json === undefined) return undefined;
  try {
    const parsed = JSON.parse(json) as unknown;
    if (!parsed || typeof parsed !== "object") return json;
    return Object.entries(parsed)
      .map(
        ([key, v]) =>
          `${encodeAny(key)}=${encodeAny(typeof v === "string" ? v : (JSON.stringify(v) ?? ""))}`,
      )
      .join("&");
  } catch {
    return json;
  }
}

const otherMethods = ["PUT", "DELETE", "PATCH", "POST", "OPTIONS", "GET"];

export const fuzzCheck: SecurityCheck = {
  name: "fuzz",
  async run({ seed, runs }) {
    const app = await startTestApp({ publishing: true });
    try {
      const routes: RouteEntry[] = listRoutes(app.express);
      const fields = contractFields();
      const samples = fc.sample(requestArbitrary(routes.length, fields), { seed, numRuns: runs });

      const cases = [...ownerCases, ...readerCases];
      const baseBody = (route: RouteEntry, own: OwnerData): Record<string, unknown> => {
        const key = `${route.method} ${route.path}`;
        const known = cases.find((c) => c.method === route.method && c.path === route.path);
        const body = validBodies[key]?.(own) ?? known?.body?.(own, own) ?? {};
        return body as Record<string, unknown>;
      };

      let owner: TestClient = await createOwner(app);
      let own = await seedOwner(owner, "Fuzzed blog");
      const otherOwner = await createOwner(app);
      const other = await seedOwner(otherOwner, "Other blog");
      const cookieOf = (client: TestClient) =>
        [...client.cookies].map(([k, v]) => `${k}=${v}`).join("; ");

      let sent = 0;
      const serverErrors: string[] = [];
      const noAnswer: string[] = [];
      const unhealthy: string[] = [];
      const crashesBefore = crashes.length;
      const statuses = new Map<number, number>();
      // Routes where some request got past validation and authorization (a 2xx answer).
      const reached = new Set<number>();

      for (let start = 0; start < samples.length; start += batchSize) {
        for (let index = start; index < Math.min(start + batchSize, samples.length); index++) {
          const request = samples[index] as FuzzRequest;
          const route = routes[request.route] as RouteEntry;
          // "own"/"other": the id the route takes (from the isolation table), else any of the ids.
          const known =
            cases.find((c) => c.method === route.method && c.path === route.path) ??
            cases.find((c) => c.path === route.path);
          const ownValues = known?.fill(own, own) ?? {};
          const otherValues = known?.fill(other, other) ?? {};
          let paramIndex = 0;
          const path = route.path.replace(
            /:(\w+)|\{\*(\w+)\}/g,
            (_m, name: string | undefined, rest?: string) => {
              if (rest)
                return request.rest
                  .map((s) => (rawParams.includes(s) || s === "%2F" ? s : encodeAny(s)))
                  .join("/");
              const choice = request.params[paramIndex++ % request.params.length] as ParamChoice;
              if (choice.kind === "own" || choice.kind === "other") {
                const [values, data] =
                  choice.kind === "own" ? [ownValues, own] : [otherValues, other];
                // AI suggestions may run out on a later seeding: then the blog's id stands in.
                return encodeAny(values[name as string] ?? data[choice.field] ?? data.blogId);
              }
              if (choice.kind === "raw") return choice.value;
              return encodeAny(choice.value);
            },
          );
          const pairs = request.query.flatMap(([key, v]) =>
            (Array.isArray(v) ? v : [v]).map((item) => `${encodeAny(key)}=${encodeAny(item)}`),
          );
          // The public API names a blog by slug: mostly the owner's, so its answers are reached.
          if (request.blogSlug) pairs.push(`slug=${own.blogSlug}`, `blogSlug=${own.blogSlug}`);
          const query = pairs.join("&");
          const url = `${app.baseUrl}${path}${query ? `?${query}` : ""}`;
          const method =
            request.method === "HEAD" && route.method === "GET"
              ? "HEAD"
              : request.method === "other"
                ? (otherMethods[request.route % otherMethods.length] as string)
                : route.method;
          const json = buildBody(request.body, baseBody(route, own));
          const body =
            method === "GET" || method === "HEAD"
              ? undefined
              : request.contentType === "application/x-www-form-urlencoded"
                ? asForm(json)
                : json;
          const headers: Record<string, string> = {};
          if (request.contentType && body !== undefined)
            headers["content-type"] = request.contentType;
          if (request.gzipClaimed && body !== undefined) headers["content-encoding"] = "gzip";
          // Signing out would end the fuzzing owner's session: that route is tried signed out.
          const as = route.path === "/api/logout" ? "nobody" : request.as;
          if (as === "owner") headers.cookie = cookieOf(owner);
          if (as === "other owner") headers.cookie = cookieOf(otherOwner);
          const label = `#${index} ${method} ${path.length > 120 ? `${path.slice(0, 120)}…` : path} body ${request.body.kind}${body ? ` ${body.length} chars: ${body.slice(0, 80)}` : ""}`;
          sent++;
          try {
            const res = await fetch(url, {
              method,
              headers,
              body,
              redirect: "manual",
              signal: AbortSignal.timeout(30_000),
            });
            const answer = await res.text();
            statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
            if (res.status < 300) reached.add(request.route);
            if (res.status >= 500)
              serverErrors.push(`${label} → ${res.status} ${answer.slice(0, 200)}`);
          } catch (error) {
            noAnswer.push(`${label} → ${(error as Error).message}`);
          }
        }
        // After each batch: the server still answers, and the next batch has fresh rows to hit
        // (the last one may have deleted the blog, its posts or signed the owner out).
        const health = await fetch(`${app.baseUrl}/healthz`, {
          signal: AbortSignal.timeout(30_000),
        })
          .then((res) => res.status)
          .catch((error: Error) => error.message);
        if (health !== 200)
          unhealthy.push(`after request #${start + batchSize - 1}: /healthz → ${health}`);
        const session = await owner.get("/api/auth/user");
        if (session.status !== 200) owner = await createOwner(app);
        own = await seedOwner(owner, "Fuzzed blog");
      }
      await app.publishing?.queue.onIdle();
      const crashed = crashes.length - crashesBefore;
      const spread = [...statuses.entries()]
        .sort(([a], [b]) => a - b)
        .map(([status, count]) => `${status}×${count}`)
        .join(" ");
      return [
        {
          name: "fuzz",
          text:
            `seed ${seed}, requests ${sent} over ${routes.length} routes, 5xx answers ${serverErrors.length},` +
            ` no answer ${noAnswer.length}, crashes ${crashed + unhealthy.length}` +
            ` (routes answering 2xx to some request ${reached.size}; statuses ${spread})`,
          ok:
            serverErrors.length === 0 &&
            noAnswer.length === 0 &&
            crashed === 0 &&
            unhealthy.length === 0,
          details: firstFew([
            ...serverErrors,
            ...noAnswer,
            ...unhealthy,
            ...crashes.slice(crashesBefore),
          ]),
        },
      ] satisfies Figure[];
    } finally {
      await app.close();
    }
  },
};
