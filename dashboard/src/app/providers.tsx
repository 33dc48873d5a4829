import type { ReactNode } from "react";
import { mutate, SWRConfig } from "swr";
import { LazyToaster } from "../components/ui/lazy-toaster.tsx";
import { authUserKey } from "../lib/api/get-auth-user.ts";
import { isUnauthorized } from "../lib/api-client.ts";
import { swrConfig } from "../lib/swr-config.ts";
import { ThemeProvider } from "../lib/theme-context.tsx";

/** A read answered 401 (the session ended): ask again who is signed in, which switches routes. */
function onReadError(error: unknown, key: string) {
  if (key !== authUserKey && isUnauthorized(error)) void mutate(authUserKey);
}

export function AppProviders({
  children,
  answers,
}: {
  children: ReactNode;
  /** Answers the page came with (the server's first screen, decision 300), by key. */
  answers?: Record<string, unknown>;
}) {
  return (
    <SWRConfig value={{ ...swrConfig, onError: onReadError, fallback: answers ?? {} }}>
      <ThemeProvider>
        {children}
        <LazyToaster />
      </ThemeProvider>
    </SWRConfig>
  );
}
