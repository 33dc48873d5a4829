/**
 * Owner isolation matrix: owner B sends every route that has a path parameter (from the router's
 * own route list) with every method and owner A's ids, in several spellings of the path. Nothing
 * may answer A's data or change a row.
 */
import { createOwner } from "../../../api/test/factories.ts";
import { startTestApp } from "../../../api/test/harness.ts";
import {
  changedRows,
  type IsolationCase,
  type OwnerData,
  ownerCases,
  pathIdFields,
  readerCases,
  routesWithIds,
  seedOwner,
  snapshotDatabase,
} from "../../../api/test/owner-isolation-cases.ts";
import { type Figure, firstFew, type SecurityCheck } from "./report.ts";

const methods = ["GET", "POST", "PATCH", "PUT", "DELETE"];

type PathOptions = {
  /** Upper-case the fixed parts of the path (Express matches routes case-insensitively). */
  upperPath?: boolean;
  /** What each (already encoded) parameter value becomes. */
  value?: (encoded: string) => string;
};

/** A route path with its parameters filled in, spelled as `options` say. */
export function renderPath(
  template: string,
  values: Record<string, string>,
  options: PathOptions = {},
): string {
  const value = options.value ?? ((encoded: string) => encoded);
  return template
    .split(/(:\w+|\{\*\w+\})/)
    .map((part) => {
      const param = /^:(\w+)$/.exec(part)?.[1];
      const rest = /^\{\*(\w+)\}$/.exec(part)?.[1];
      const name = param ?? rest;
      if (name === undefined) return options.upperPath ? part.toUpperCase() : part;
      const raw = values[name];
      if (raw === undefined) throw new Error(`no value for ${name} in ${template}`);
      // A wildcard's value is a path of its own: its slashes stay slashes.
      return value(
        rest ? raw.split("/").map(encodeURIComponent).join("/") : encodeURIComponent(raw),
      );
    })
    .join("");
}

/** The spellings of one request path that must all be refused alike. */
export const pathVariants: {
  name: string;
  build: (t: string, v: Record<string, string>) => string;
}[] = [
  { name: "as routed", build: (t, v) => renderPath(t, v) },
  { name: "trailing slash", build: (t, v) => `${renderPath(t, v)}/` },
  { name: "upper-case path", build: (t, v) => renderPath(t, v, { upperPath: true }) },
  {
    name: "upper-case path and ids",
    build: (t, v) => renderPath(t, v, { upperPath: true, value: (id) => id.toUpperCase() }),
  },
  { name: "leading double slash", build: (t, v) => `/${renderPath(t, v)}` },
  {
    name: "inner double slash",
    build: (t, v) => renderPath(t, v).replace(/^(\/[^/]+)\//, "$1//"),
  },
  { name: "%2F after the id", build: (t, v) => renderPath(t, v, { value: (id) => `${id}%2F` }) },
  {
    name: "%2F traversal to the id",
    build: (t, v) => renderPath(t, v, { value: (id) => `x%2F..%2F${id}` }),
  },
];

type Probe = {
  method: string;
  template: string;
  values: Record<string, string>;
  body?: unknown;
  query?: Record<string, string>;
  /** Answers anybody with published content: only A's draft in the answer counts. */
  public: boolean;
};

/** A route nobody wrote a case for yet: every parameter tries each of A's ids. */
function everyIdOf(template: string, a: OwnerData): Record<string, string>[] {
  const names = [...template.matchAll(/:(\w+)|\{\*(\w+)\}/g)].map((m) => (m[1] ?? m[2]) as string);
  let fills: Record<string, string>[] = [{}];
  for (const name of names) {
    fills = fills.flatMap((fill) => pathIdFields.map((field) => ({ ...fill, [name]: a[field] })));
  }
  return fills;
}

/** Every request of the matrix, before path variants. */
export function matrixProbes(
  routes: string[],
  a: OwnerData,
  b: OwnerData,
): { probes: Probe[]; uncovered: string[] } {
  const cases: (IsolationCase & { public?: true })[] = [...ownerCases, ...readerCases];
  const templates = [...new Set(routes.map((route) => route.slice(route.indexOf(" ") + 1)))];
  const probes: Probe[] = [];
  const uncovered: string[] = [];
  const probeOf = (c: IsolationCase & { public?: true }, method: string): Probe => ({
    method,
    template: c.path,
    values: c.fill(a, b),
    body: method === "GET" ? undefined : (c.body?.(a, b) ?? {}),
    query: c.query?.(a),
    // Public for the method the case names only (a page's beacon is a public POST; any other
    // method on the same path is not).
    public: Boolean(c.public) && method === c.method,
  });
  for (const template of templates) {
    const forPath = cases.filter((c) => c.path === template);
    if (forPath.length === 0) uncovered.push(template);
    for (const method of methods) {
      const exact = forPath.filter((c) => c.method === method);
      if (exact.length > 0) {
        probes.push(...exact.map((c) => probeOf(c, method)));
      } else if (forPath[0]) {
        probes.push(probeOf(forPath[0], method));
      } else {
        for (const values of everyIdOf(template, a)) {
          probes.push({
            method,
            template,
            values,
            body: method === "GET" ? undefined : {},
            public: false,
          });
        }
      }
    }
  }
  // Routes without a parameter that name A's rows in the body (B's post in A's blog, …).
  for (const c of cases.filter((entry) => !/[:*]/.test(entry.path))) {
    probes.push(probeOf(c, c.method));
  }
  return { probes, uncovered };
}

export const isolationCheck: SecurityCheck = {
  name: "owner isolation",
  async run() {
    const app = await startTestApp({ publishing: true });
    try {
      const ownerA = await createOwner(app);
      const ownerB = await createOwner(app);
      const a = await seedOwner(ownerA, "A's blog");
      const b = await seedOwner(ownerB, "B's blog");
      await app.publishing?.queue.onIdle();

      const routes = routesWithIds(app.express);
      const { probes, uncovered } = matrixProbes(routes, a, b);

      // The ids are real: owner A reaches its own rows through the GET routes of the table.
      const controls = [...ownerCases, ...readerCases.slice(0, 1)].filter(
        (c) => c.method === "GET",
      );
      const controlFailures: string[] = [];
      for (const c of controls) {
        const path = renderPath(c.path, c.fill(a, a));
        const res = await ownerA.get(path);
        if (res.status !== 200) controlFailures.push(`owner A: GET ${path} → ${res.status}`);
      }

      const before = await snapshotDatabase(app.db);
      let tried = 0;
      const succeeded: string[] = [];
      for (const probe of probes) {
        for (const variant of pathVariants) {
          let path = variant.build(probe.template, probe.values);
          if (probe.query) path += `?${new URLSearchParams(probe.query)}`;
          const res = await ownerB.request(
            probe.method,
            path,
            probe.body === undefined ? {} : { json: probe.body },
          );
          tried++;
          const leaked = res.text.includes(a.postTitle);
          const answered = res.status >= 200 && res.status < 400;
          if (leaked || (answered && !probe.public)) {
            succeeded.push(
              `${probe.method} ${path} (${variant.name}) → ${res.status}${leaked ? ", A's draft in the answer" : ""}`,
            );
          }
        }
      }
      await app.publishing?.queue.onIdle();
      const changed = changedRows(before, await snapshotDatabase(app.db));
      const changedCount = Object.values(changed).reduce((sum, n) => sum + n, 0);

      const paths = new Set(routes.map((r) => r.slice(r.indexOf(" ") + 1))).size;
      return [
        {
          name: "owner isolation",
          text:
            `tried ${tried}, succeeded ${succeeded.length}, rows of the other owner changed ${changedCount}` +
            ` (${paths} paths with ids × ${methods.length} methods × ${pathVariants.length} spellings)`,
          ok: succeeded.length === 0 && changedCount === 0 && controlFailures.length === 0,
          details: firstFew([
            ...succeeded,
            ...Object.entries(changed).map(([table, n]) => `${table}: ${n} row(s) changed`),
            ...controlFailures,
          ]),
        },
        {
          name: "owner isolation coverage",
          text:
            `paths with ids without a case ${uncovered.length} (those tried every one of A's ids);` +
            ` owner A's own GETs answered 200: ${controls.length - controlFailures.length} of ${controls.length}`,
          ok: uncovered.length === 0 && controlFailures.length === 0,
          details: firstFew(
            uncovered.map((path) => `no case in api/test/owner-isolation-cases.ts: ${path}`),
          ),
        },
      ] satisfies Figure[];
    } finally {
      await app.close();
    }
  },
};
