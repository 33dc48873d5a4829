// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { GenerateWithAiButton } from "./generate-with-ai-button.tsx";

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe("GenerateWithAiButton (spec section 2.6)", () => {
  it("calls its callback once, reads 'Generating...' for 2000 ms, then resets", () => {
    vi.useFakeTimers();
    const onGenerate = vi.fn();
    render(<GenerateWithAiButton onGenerate={onGenerate} />);
    const button = screen.getByRole("button", { name: "Generate with AI" });
    fireEvent.click(button);
    expect(onGenerate).toHaveBeenCalledTimes(1);
    expect(button.textContent).toBe("Generating...");
    expect((button as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(button);
    expect(onGenerate).toHaveBeenCalledTimes(1);
    act(() => vi.advanceTimersByTime(1999));
    expect(button.textContent).toBe("Generating...");
    act(() => vi.advanceTimersByTime(1));
    expect(button.textContent).toBe("Generate with AI");
    expect((button as HTMLButtonElement).disabled).toBe(false);
  });

  it("works without a callback", () => {
    vi.useFakeTimers();
    render(<GenerateWithAiButton />);
    fireEvent.click(screen.getByRole("button", { name: "Generate with AI" }));
    expect(screen.getByRole("button", { name: "Generating..." })).toBeTruthy();
  });
});
