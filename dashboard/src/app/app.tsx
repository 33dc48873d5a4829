import { useEffect, useMemo, useRef, useState } from "react";
import { createBrowserRouter, RouterProvider } from "react-router";
import { LoadingScreen } from "../components/loading-screen.tsx";
import { useAuthUser } from "../lib/api/get-auth-user.ts";
import { usePublicBlog } from "../lib/api/get-public-blog.ts";
import { isSignedInPage } from "./early-requests.ts";
import { AppProviders } from "./providers.tsx";
import { type RouteMode, routeModeOf, routesFor } from "./routes.tsx";

/**
 * Spec section 2.1: 'Loading...' until both "who is signed in?" and "is this a blog's own
 * host?" are answered, then the routes for that situation.
 */
function RouteSelection() {
  const auth = useAuthUser();
  // A page the server sent to a signed-in owner is on the app's own host: no need to ask.
  const [onAppHost] = useState(() => isSignedInPage());
  const host = usePublicBlog(!onAppHost);
  const loading = auth.isLoading || host.isLoading;
  const mode: RouteMode | null = loading
    ? null
    : routeModeOf({ isBlogHost: Boolean(host.publicBlog), isSignedIn: auth.isAuthenticated });

  const router = useMemo(() => (mode ? createBrowserRouter(routesFor(mode)) : null), [mode]);

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

export function App() {
  return (
    <AppProviders>
      <RouteSelection />
    </AppProviders>
  );
}
