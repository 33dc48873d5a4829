import type { ComponentType } from "react";
import { matchRoutes, type RouteObject } from "react-router";
import { LoadingScreen } from "../components/loading-screen.tsx";
import { NotFoundPage } from "../features/not-found/components/not-found-page.tsx";
import { ServerPage } from "./server-page.tsx";
import { SignInToContinue } from "./sign-in-to-continue.tsx";

/** Which set of routes applies, decided once sign-in and host are known. */
export type RouteMode = "blog-host" | "signed-in" | "signed-out";

export function routeModeOf({
  isBlogHost,
  isSignedIn,
}: {
  isBlogHost: boolean;
  isSignedIn: boolean;
}): RouteMode {
  if (isBlogHost) return "blog-host";
  return isSignedIn ? "signed-in" : "signed-out";
}

/** Screens load on first use: visitors never download the dashboard, owners not the landing page. */
const lazyScreen = (load: () => Promise<ComponentType>): Pick<RouteObject, "lazy"> => ({
  lazy: async () => ({ Component: await load() }),
});

const StandaloneNotFound = () => (
  <main className="flex min-h-svh flex-col">
    <NotFoundPage />
  </main>
);

/** A team invitation's link (decision 370): its own page, signed in or not. */
const joinRoute = (signedIn: boolean): RouteObject => ({
  path: "/join/:token",
  ...lazyScreen(async () => {
    const page = await import("../features/team/components/join-page.tsx");
    return signedIn ? page.SignedInJoinPage : page.SignedOutJoinPage;
  }),
});

const publicBlogRoutes: RouteObject[] = [
  { path: "/blog/:slug", Component: ServerPage },
  { path: "/blog/:slug/post/:postSlug", Component: ServerPage },
];

const dashboardScreens: RouteObject[] = [
  {
    index: true,
    ...lazyScreen(
      async () =>
        (await import("../features/dashboard/components/dashboard-page.tsx")).DashboardPage,
    ),
  },
  {
    path: "dashboard",
    ...lazyScreen(
      async () =>
        (await import("../features/dashboard/components/dashboard-page.tsx")).DashboardPage,
    ),
  },
  {
    path: "performance",
    ...lazyScreen(
      async () =>
        (await import("../features/performance/components/performance-page.tsx")).PerformancePage,
    ),
  },
  {
    path: "my-blogs",
    ...lazyScreen(
      async () => (await import("../features/my-blogs/components/my-blogs-page.tsx")).MyBlogsPage,
    ),
  },
  {
    path: "posts",
    ...lazyScreen(
      async () => (await import("../features/posts/components/posts-page.tsx")).PostsPage,
    ),
  },
  {
    path: "editor",
    ...lazyScreen(
      async () => (await import("../features/editor/components/editor-page.tsx")).EditorPage,
    ),
  },
  {
    path: "categories",
    ...lazyScreen(
      async () =>
        (await import("../features/categories/components/categories-page.tsx")).CategoriesPage,
    ),
  },
  {
    path: "tags",
    ...lazyScreen(async () => (await import("../features/tags/components/tags-page.tsx")).TagsPage),
  },
  {
    path: "newsletter",
    ...lazyScreen(
      async () =>
        (await import("../features/newsletter/components/newsletter-page.tsx")).NewsletterPage,
    ),
  },
  {
    path: "subscribers",
    ...lazyScreen(
      async () =>
        (await import("../features/subscribers/components/subscribers-page.tsx")).SubscribersPage,
    ),
  },
  {
    path: "media",
    ...lazyScreen(
      async () => (await import("../features/media/components/media-page.tsx")).MediaPage,
    ),
  },
  {
    path: "affiliate-links",
    ...lazyScreen(
      async () =>
        (await import("../features/affiliate-links/components/affiliate-links-page.tsx"))
          .AffiliateLinksPage,
    ),
  },
  {
    path: "affiliate-recommendations",
    ...lazyScreen(
      async () =>
        (
          await import(
            "../features/affiliate-recommendations/components/affiliate-recommendations-page.tsx"
          )
        ).AffiliateRecommendationsPage,
    ),
  },
  {
    path: "blog-recommendations",
    ...lazyScreen(
      async () =>
        (await import("../features/blog-recommendations/components/blog-recommendations-page.tsx"))
          .BlogRecommendationsPage,
    ),
  },
  {
    path: "link-health",
    ...lazyScreen(
      async () =>
        (await import("../features/link-health/components/link-health-page.tsx")).LinkHealthPage,
    ),
  },
  {
    path: "review",
    ...lazyScreen(
      async () =>
        (await import("../features/review/components/review-queue-page.tsx")).ReviewQueuePage,
    ),
  },
  {
    path: "activity",
    ...lazyScreen(
      async () => (await import("../features/activity/components/activity-page.tsx")).ActivityPage,
    ),
  },
  {
    path: "settings",
    ...lazyScreen(
      async () => (await import("../features/settings/components/settings-page.tsx")).SettingsPage,
    ),
  },
  { path: "*", Component: NotFoundPage },
];

function routesOf(mode: RouteMode): RouteObject[] {
  switch (mode) {
    case "blog-host":
      return [
        { path: "/", Component: ServerPage },
        { path: "/post/:slug", Component: ServerPage },
        { path: "*", Component: StandaloneNotFound },
      ];
    case "signed-in":
      return [
        ...publicBlogRoutes,
        joinRoute(true),
        {
          path: "/",
          ...lazyScreen(
            async () => (await import("./layouts/dashboard-layout.tsx")).DashboardLayout,
          ),
          children: dashboardScreens,
        },
      ];
    case "signed-out":
      return [
        ...publicBlogRoutes,
        joinRoute(false),
        {
          path: "/",
          ...lazyScreen(
            async () =>
              (await import("../features/landing/components/landing-page.tsx")).LandingPage,
          ),
        },
        // The dashboard's screens lead to sign-in and back (decision 102); the rest is a 404.
        ...signedInOnlyPaths.map((path) => ({ path, Component: SignInToContinue })),
        { path: "*", Component: StandaloneNotFound },
      ];
  }
}

/** '/dashboard', '/editor', '/settings'…: every screen of the signed-in dashboard. */
const signedInOnlyPaths = dashboardScreens.flatMap((route) =>
  route.path && route.path !== "*" ? [`/${route.path}`] : [],
);

/** The route table for a mode, under one root that shows 'Loading...' while a screen's code loads. */
export function routesFor(mode: RouteMode): RouteObject[] {
  return [{ HydrateFallback: LoadingScreen, children: routesOf(mode) }];
}

/**
 * Loads the code of the routes that match `pathname` and puts it in their route objects, so a
 * router made from `routes` renders the screen at once instead of its `HydrateFallback`: what
 * hydrating a page the server rendered needs (decision 300), on the server and in the browser.
 */
export async function resolveLazyRoutes(routes: RouteObject[], pathname: string): Promise<void> {
  const matches = matchRoutes(routes, pathname) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== "function") return;
      const loaded = await route.lazy();
      Object.assign(route, loaded, { lazy: undefined });
    }),
  );
}
