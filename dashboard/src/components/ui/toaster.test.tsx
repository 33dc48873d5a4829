// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ToastAction } from "./toast.tsx";
import { Toaster } from "./toaster.tsx";
import { resetToasts, toast } from "./use-toast.ts";

const openToasts = () =>
  [...document.querySelectorAll<HTMLElement>('[data-slot="toast"]')].filter(
    (el) => el.dataset.state === "open",
  );

afterEach(() => {
  cleanup();
  resetToasts();
});

describe("Toaster (spec sections 2.2 and 9)", () => {
  it("shows title, description and an optional action, and closes on the action", async () => {
    const undo = vi.fn();
    render(<Toaster />);
    act(() => {
      toast({
        title: "Post deleted",
        description: "It is gone from your blog.",
        action: (
          <ToastAction altText="Undo deleting the post" onClick={undo}>
            Undo
          </ToastAction>
        ),
      });
    });
    await waitFor(() => expect(openToasts()).toHaveLength(1));
    const [shown] = openToasts();
    expect(shown?.textContent).toContain("Post deleted");
    expect(shown?.textContent).toContain("It is gone from your blog.");
    expect(shown?.dataset.variant).toBe("default");

    fireEvent.click(screen.getByRole("button", { name: "Undo" }));
    expect(undo).toHaveBeenCalledOnce();
    await waitFor(() => expect(openToasts()).toHaveLength(0));
  });

  it("shows one toast at a time, in the destructive style when asked", async () => {
    render(<Toaster />);
    act(() => {
      toast({ title: "Saved" });
      toast({ variant: "destructive", title: "Error", description: "Failed to create blog" });
    });
    await waitFor(() => expect(openToasts()).toHaveLength(1));
    expect(openToasts()[0]?.dataset.variant).toBe("destructive");
    expect(openToasts()[0]?.textContent).toContain("Failed to create blog");
  });

  it("offers F8 to reach the notifications", () => {
    render(<Toaster />);
    expect(screen.getByRole("region", { name: "Notifications (F8)" })).toBeTruthy();
  });
});
