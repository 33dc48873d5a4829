import { cleanup, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { SWRConfig } from "swr";
import { afterEach, expect, vi } from "vitest";
import { Toaster } from "../components/ui/toaster.tsx";
import { resetToasts } from "../components/ui/use-toast.ts";
import { swrConfig } from "../lib/swr-config.ts";

/** The app's SWR settings with a cache of its own, and the toaster, around `children`. */
export function WithSwrAndToaster({ children }: { children: ReactNode }) {
  return (
    <SWRConfig value={{ ...swrConfig, provider: () => new Map() }}>
      {children}
      <Toaster />
    </SWRConfig>
  );
}

/** The open toast (Radix also announces its text in a hidden live region). */
export async function findToast(title: string) {
  return waitFor(() => {
    const toast = document.querySelector<HTMLElement>('[data-slot="toast"][data-state="open"]');
    expect(toast).not.toBeNull();
    expect(toast?.textContent).toContain(title);
    return toast as HTMLElement;
  });
}

/** Unmounts, clears toasts and restores `fetch` after every test of the file. */
export function cleanUpAfterEach() {
  afterEach(() => {
    cleanup();
    resetToasts();
    vi.unstubAllGlobals();
  });
}
