import { safeReturnPath } from "@contracts/return-to.ts";
import { useEffect } from "react";
import { useLocation } from "react-router";

/** Sign-in that leads back to `returnTo` (decision 102); the server checks it again. */
export function signInUrlFor(returnTo: string): string {
  const path = safeReturnPath(returnTo);
  return path ? `/api/login?returnTo=${encodeURIComponent(path)}` : "/api/login";
}

/**
 * A dashboard screen opened while signed out (a bookmark, a link to `/editor?id=…`): on to
 * sign-in, and back to this very page afterwards, instead of a 404.
 */
export function SignInToContinue() {
  const { pathname, search, hash } = useLocation();
  const url = signInUrlFor(`${pathname}${search}${hash}`);
  useEffect(() => {
    window.location.replace(url);
  }, [url]);
  return (
    <main className="flex min-h-svh flex-col items-center justify-center gap-2" role="status">
      <p className="text-sm text-muted-foreground">Sign in to continue...</p>
      <a className="text-sm underline" href={url}>
        Sign in
      </a>
    </main>
  );
}
