// @vitest-environment happy-dom

import type { GeneratedPost } from "@contracts/ai.ts";
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Toaster } from "../../../components/ui/toaster.tsx";
import { resetToasts } from "../../../components/ui/use-toast.ts";
import { AiGenerateDialog } from "./ai-generate-dialog.tsx";

const generated: GeneratedPost = {
  title: "Overnight Oats",
  content: "<p>Oats.</p>",
  metaTitle: "Overnight Oats",
  metaDescription: "Oats overnight.",
  suggestedKeywords: ["oats"],
  slug: "overnight-oats",
  source: "offline",
};

/** A generation that answers only when `finish` is called, and fails as fetch does on abort. */
function slowServer() {
  const seen: { signal: AbortSignal | undefined }[] = [];
  let finish: (() => void) | undefined;
  vi.stubGlobal("fetch", (_url: string, init: RequestInit) => {
    const signal = init.signal ?? undefined;
    seen.push({ signal });
    return new Promise<Response>((resolve, reject) => {
      finish = () => resolve(Response.json(generated));
      signal?.addEventListener("abort", () =>
        reject(new DOMException("The operation was aborted.", "AbortError")),
      );
    });
  });
  return { seen, finish: () => finish?.() };
}

function renderDialog() {
  const onGenerated = vi.fn();
  const onOpenChange = vi.fn();
  render(
    <>
      <AiGenerateDialog
        open
        onOpenChange={onOpenChange}
        blogId="b1"
        categories={[]}
        onGenerated={onGenerated}
      />
      <Toaster />
    </>,
  );
  fireEvent.change(screen.getByLabelText("Topic"), { target: { value: "Overnight oats" } });
  fireEvent.click(screen.getByRole("button", { name: "Generate" }));
  return { onGenerated, onOpenChange };
}

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
});
afterEach(() => {
  cleanup();
  resetToasts();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("AI dialog progress", () => {
  it("shows the elapsed time and an estimated stage while the post is written", async () => {
    const server = slowServer();
    const { onGenerated, onOpenChange } = renderDialog();
    expect(await screen.findByRole("status")).toHaveProperty("textContent", "Outlining…");
    expect(screen.getByText(/0 s elapsed; a medium post usually takes about 45 s/)).toBeTruthy();
    expect(screen.getByRole("button", { name: "Generating..." })).toHaveProperty("disabled", true);

    act(() => vi.advanceTimersByTime(10_000));
    expect(screen.getByRole("status").textContent).toBe("Writing sections…");
    expect(screen.getByText(/10 s elapsed/)).toBeTruthy();
    expect(
      screen.getByRole("list", { name: "Generation steps" }).querySelector('[aria-current="step"]')
        ?.textContent,
    ).toBe("Writing sections…");

    act(() => vi.advanceTimersByTime(30_000));
    expect(screen.getByRole("status").textContent).toBe("Checking and cleaning the HTML…");

    server.finish();
    await waitFor(() => expect(onGenerated).toHaveBeenCalledWith(generated, null));
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it("cancels the request, keeps the dialog open with the topic, and says so", async () => {
    const server = slowServer();
    const { onGenerated, onOpenChange } = renderDialog();
    await screen.findByRole("status");
    fireEvent.click(screen.getByRole("button", { name: "Cancel" }));
    expect(server.seen[0]?.signal?.aborted).toBe(true);
    await waitFor(() => expect(screen.queryByRole("button", { name: "Generate" })).toBeTruthy());
    expect(screen.queryByText("Outlining…")).toBeNull();
    expect(document.body.textContent).toContain("Generation cancelled");
    expect(document.body.textContent).not.toContain("Failed to generate content");
    expect((screen.getByLabelText("Topic") as HTMLInputElement).value).toBe("Overnight oats");
    expect(onGenerated).not.toHaveBeenCalled();
    expect(onOpenChange).not.toHaveBeenCalled();
  });
});
