import { useEffect, useMemo, useRef, useState } from "react";
import {
  createBrowserRouter,
  type DataRouter,
  type RouteObject,
  RouterProvider,
} from "react-router";
import { mutate } from "swr";
import { LoadingScreen } from "../components/loading-screen.tsx";
import { useAuthUser } from "../lib/api/get-auth-user.ts";
import { usePublicBlog } from "../lib/api/get-public-blog.ts";
import { isAppHostPage, isSignedInPage } from "./early-requests.ts";
import { type FirstScreen, firstScreenAnswers } from "./first-screen.ts";
import { AppProviders } from "./providers.tsx";
import { type RouteMode, routeModeOf, routesFor } from "./routes.tsx";

/** How the app makes its router: the browser's history here, a memory one on the server. */
export type MakeRouter = (routes: RouteObject[]) => DataRouter;

/**
 * 'Loading...' until both "who is signed in?" and "is this a blog's own
 * host?" are answered, then the routes for that situation.
 */
function RouteSelection({
  signedInRoutes,
  makeRouter,
  rendered,
}: {
  signedInRoutes?: RouteObject[];
  makeRouter: MakeRouter;
  rendered: boolean;
}) {
  const auth = useAuthUser();
  // A page the server sent is on the app's own host (it says so; a signed-in owner's always
  // is): no need to ask. Only a page from elsewhere (the development server) asks.
  const [onAppHost] = useState(() => rendered || isSignedInPage() || isAppHostPage());
  const host = usePublicBlog(!onAppHost);
  const loading = auth.isLoading || host.isLoading;
  const mode: RouteMode | null = loading
    ? null
    : routeModeOf({ isBlogHost: Boolean(host.publicBlog), isSignedIn: auth.isAuthenticated });

  const router = useMemo(
    () =>
      mode
        ? makeRouter(mode === "signed-in" && signedInRoutes ? signedInRoutes : routesFor(mode))
        : null,
    [mode, makeRouter, signedInRoutes],
  );

  // A session that ends while the dashboard is open lands on the landing page, not a 404.
  const previousMode = useRef<RouteMode | null>(null);
  useEffect(() => {
    if (previousMode.current === "signed-in" && mode === "signed-out") {
      void router?.navigate("/", { replace: true });
    }
    if (mode) previousMode.current = mode;
  }, [mode, router]);

  if (!router) return <LoadingScreen />;
  return <RouterProvider router={router} />;
}

const browserRouter: MakeRouter = (routes) => createBrowserRouter(routes);

/**
 * The dashboard. A page the server rendered (decision 300) passes `firstScreen`, the answers
 * it rendered with, and `signedInRoutes`, the signed-in routes with the page's screen already
 * loaded: the first render then matches the server's, and reads nothing again. Once on
 * screen, the answers move into SWR's cache, as if read here, and stop standing in for reads.
 */
export function App({
  firstScreen,
  signedInRoutes,
  makeRouter = browserRouter,
}: {
  firstScreen?: FirstScreen;
  signedInRoutes?: RouteObject[];
  makeRouter?: MakeRouter;
}) {
  const [answers, setAnswers] = useState(() =>
    firstScreen ? firstScreenAnswers(firstScreen) : undefined,
  );
  useEffect(() => {
    if (!answers) return;
    for (const [key, data] of Object.entries(answers))
      void mutate(key, data, { revalidate: false });
    setAnswers(undefined);
  }, [answers]);
  return (
    <AppProviders answers={answers}>
      <RouteSelection
        signedInRoutes={signedInRoutes}
        makeRouter={makeRouter}
        rendered={firstScreen !== undefined}
      />
    </AppProviders>
  );
}
