// @vitest-environment happy-dom
import { act, cleanup, renderHook } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { resetToasts, toast, toastRemoveDelayMs, useToast } from "./use-toast.ts";

afterEach(() => {
  cleanup();
  resetToasts();
  vi.useRealTimers();
});

describe("toast store (spec section 9)", () => {
  it("shows one toast at a time, the newest", () => {
    const { result } = renderHook(() => useToast());
    act(() => {
      toast({ title: "First" });
      toast({ title: "Second", description: "More", variant: "destructive" });
    });
    expect(result.current.toasts).toHaveLength(1);
    expect(result.current.toasts[0]).toMatchObject({
      title: "Second",
      description: "More",
      variant: "destructive",
      open: true,
    });
  });

  it("closes a dismissed toast and drops it only after 1,000,000 ms", () => {
    vi.useFakeTimers();
    const { result } = renderHook(() => useToast());
    let id = "";
    act(() => {
      id = toast({ title: "Saved" }).id;
    });
    act(() => result.current.dismiss(id));
    expect(result.current.toasts[0]).toMatchObject({ id, open: false });

    act(() => vi.advanceTimersByTime(toastRemoveDelayMs - 1));
    expect(result.current.toasts).toHaveLength(1);
    act(() => vi.advanceTimersByTime(1));
    expect(result.current.toasts).toHaveLength(0);
  });

  it("closes when Radix reports the toast closed (timeout, swipe or close button)", () => {
    const { result } = renderHook(() => useToast());
    act(() => {
      toast({ title: "Saved" });
    });
    act(() => result.current.toasts[0]?.onOpenChange(false));
    expect(result.current.toasts[0]?.open).toBe(false);
  });
});
