// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { LazyToaster } from "./lazy-toaster.tsx";
import { resetToasts, toast } from "./use-toast.ts";

const viewport = () => document.querySelector<HTMLElement>('[data-slot="toast-viewport"]');

afterEach(() => {
  cleanup();
  resetToasts();
});

describe("LazyToaster (decision 172)", () => {
  it("renders nothing before the first toast, then shows it and keeps the area", async () => {
    render(<LazyToaster />);
    expect(viewport()).toBeNull();
    act(() => {
      toast({ title: "Saved", description: "Your post is saved." });
    });
    await waitFor(() => expect(document.body.textContent).toContain("Your post is saved."));
    expect(viewport()).not.toBeNull();
    act(() => resetToasts());
    expect(viewport()).not.toBeNull();
  });

  it("F8 before any toast loads the notifications area and focuses it", async () => {
    render(<LazyToaster />);
    fireEvent.keyDown(window, { key: "F8", code: "F8" });
    await waitFor(() => expect(document.activeElement).toBe(viewport()));
    expect(viewport()?.closest('[role="region"]')?.getAttribute("aria-label")).toBe(
      "Notifications (F8)",
    );
  });
});
