import type { Express } from "express";

export type RouteEntry = { method: string; path: string };

type Layer = {
  route?: { path: string; methods: Record<string, boolean> };
  handle?: { stack?: Layer[] };
};

/** Every route the app serves, read from Express's own router, so new routes are seen automatically. */
export function listRoutes(app: Express): RouteEntry[] {
  const routes: RouteEntry[] = [];
  const walk = (stack: Layer[]) => {
    for (const layer of stack) {
      if (layer.route && typeof layer.route.path === "string") {
        for (const [method, on] of Object.entries(layer.route.methods)) {
          if (on && method !== "_all")
            routes.push({ method: method.toUpperCase(), path: layer.route.path });
        }
      } else if (layer.handle?.stack) {
        walk(layer.handle.stack);
      }
    }
  };
  walk((app as unknown as { router: { stack: Layer[] } }).router.stack);
  return routes;
}
