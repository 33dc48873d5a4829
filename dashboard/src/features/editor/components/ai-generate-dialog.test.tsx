// @vitest-environment happy-dom

import {
  emptyProgress,
  type Generation,
  type GenerationProgress,
  type GenerationResult,
} from "@contracts/generation.ts";
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Toaster } from "../../../components/ui/toaster.tsx";
import { resetToasts } from "../../../components/ui/use-toast.ts";
import { type Call, json, stubFetch } from "../../../test/fetch-stub.ts";
import { AiGenerateDialog, sourceUrlsOf } from "./ai-generate-dialog.tsx";

const result: GenerationResult = {
  title: "Overnight Oats",
  content: "<p>Oats [1].</p>",
  metaTitle: "Overnight Oats",
  metaDescription: "Oats overnight.",
  suggestedKeywords: ["oats"],
  slug: "overnight-oats",
  source: "ai",
  categoryId: null,
  words: 800,
  targetWords: 800,
  sources: [],
  citations: [],
  sourceFailures: [],
  internalLinks: [],
  removedLinks: [],
  featureImage: { mediaId: "m1", url: "/media/m1.webp", alt: "A jar of oats", source: "generated" },
  withoutSources: false,
};

const generation = (
  status: Generation["status"],
  progress: Partial<GenerationProgress> = {},
  extra: Partial<Generation> = {},
): Generation => ({
  id: "g1",
  blogId: "b1",
  postId: null,
  origin: "owner",
  status,
  input: { topic: "Overnight oats", tone: "professional", length: "medium", blogId: "b1" },
  progress: { ...emptyProgress(), ...progress },
  result: null,
  error: null,
  createdAt: "2026-01-01T00:00:00.000Z",
  finishedAt: null,
  ...extra,
});

/** The writer's API: each GET answers the next of `reads` (the last one again and again). */
function writerServer(reads: Generation[], cancelled?: Generation) {
  let read = 0;
  const calls = stubFetch((call: Call) => {
    if (call.method === "POST" && call.url === "/api/ai/generations")
      return json(202, generation("queued"));
    if (call.method === "POST" && call.url === "/api/ai/generations/g1/cancel")
      return json(200, cancelled ?? generation("cancelled"));
    if (call.method === "GET" && call.url === "/api/ai/generations/g1") {
      const answer = reads[Math.min(read, reads.length - 1)];
      read++;
      return json(200, answer);
    }
    return json(404, { message: "Not found" });
  });
  return calls;
}

function renderDialog(props: { postId?: string } = {}) {
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
        pollMs={10}
        {...props}
      />
      <Toaster />
    </>,
  );
  fireEvent.change(screen.getByLabelText("Topic"), { target: { value: "Overnight oats" } });
  return { onGenerated, onOpenChange };
}

const generate = () => fireEvent.click(screen.getByRole("button", { name: "Generate" }));

afterEach(() => {
  cleanup();
  resetToasts();
  vi.unstubAllGlobals();
});

describe("AI dialog on the generations API", () => {
  it("sends the topic, options and the owner's sources, shows live progress, and hands the result over", async () => {
    const outline = [
      { heading: "What overnight oats are", subheadings: ["The jar"] },
      { heading: "How to start", subheadings: [] },
    ];
    const sources = [{ n: 1, title: "Oats, measured", url: "https://oats.example/measured" }];
    const calls = writerServer([
      generation("running", { step: "research", done: ["brief"] }),
      generation("running", {
        step: "sections",
        done: ["brief", "research", "outline"],
        outline,
        sources,
        sourceFailures: 1,
        sectionsWritten: 1,
        waiting: null,
      }),
      generation("running", {
        step: "sections",
        done: ["brief", "research", "outline"],
        outline,
        sources,
        sectionsWritten: 1,
        waiting: "The AI allowance is used up for a minute. The writer goes on at 10:01.",
      }),
      generation(
        "succeeded",
        { done: ["brief", "research", "outline", "sections"] },
        { result, postId: "p-new" },
      ),
    ]);
    const { onGenerated, onOpenChange } = renderDialog();
    fireEvent.change(screen.getByLabelText("Sources (Optional)"), {
      target: { value: "https://oats.example/measured\n\n https://oats.example/jar \n" },
    });
    fireEvent.change(screen.getByLabelText("Notes (Optional)"), {
      target: { value: "We ate them for a month." },
    });
    generate();

    await waitFor(() => expect(onGenerated).toHaveBeenCalled());
    expect(calls[0]).toEqual({
      url: "/api/ai/generations",
      method: "POST",
      body: {
        topic: "Overnight oats",
        tone: "professional",
        length: "medium",
        category: null,
        blogId: "b1",
        sources: {
          urls: ["https://oats.example/measured", "https://oats.example/jar"],
          notes: ["We ate them for a month."],
        },
      },
    });
    expect(calls.filter((c) => c.url === "/api/ai/generations/g1").length).toBe(4);
    const [handed, finished] = onGenerated.mock.calls[0] as [GenerationResult, Generation];
    expect(handed).toEqual(result);
    expect(finished.postId).toBe("p-new");
    expect(onOpenChange).toHaveBeenCalledWith(false);
    expect(document.body.textContent).toContain("Content generated");
    expect(document.body.textContent).toContain("Review and edit as needed.");
  });

  it("says when the post was written without sources", async () => {
    writerServer([
      generation(
        "succeeded",
        {},
        { result: { ...result, withoutSources: true, sources: [] }, postId: "p-new" },
      ),
    ]);
    const { onGenerated } = renderDialog();
    generate();
    await waitFor(() => expect(onGenerated).toHaveBeenCalled());
    expect(document.body.textContent).toContain(
      "Written without sources: add facts and figures only with a source.",
    );
  });

  it("shows each step, the outline, the sections written, the sources and why it waits", async () => {
    writerServer([
      generation("running", {
        step: "sections",
        done: ["brief", "research", "outline"],
        outline: [
          { heading: "What overnight oats are", subheadings: ["The jar"] },
          { heading: "How to start", subheadings: [] },
        ],
        sources: [{ n: 1, title: "Oats, measured", url: "https://oats.example/measured" }],
        sourceFailures: 1,
        sectionsWritten: 1,
        waiting: "The AI allowance is used up for a minute.",
      }),
    ]);
    renderDialog();
    generate();
    expect(await screen.findByText("Section 1 of 2 written")).toBeTruthy();
    expect(screen.getByRole("status").textContent).toBe(
      "The AI allowance is used up for a minute.",
    );
    const steps = screen.getByRole("list", { name: "Generation steps" });
    expect(steps.querySelector('[aria-current="step"]')?.textContent).toBe("Sections");
    expect(
      within(steps)
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual([
      "Brief (done)",
      "Research (done)",
      "Outline (done)",
      "Sections",
      "Introduction, conclusion and FAQ",
      "Revision against the brief",
      "Citations and internal links",
      "Feature image",
    ]);
    expect(
      within(screen.getByRole("list", { name: "Outline" }))
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual(["What overnight oats areThe jar", "The jar", "How to start"]);
    expect(screen.getByRole("list", { name: "Sources found" }).textContent).toBe(
      "[1] Oats, measured",
    );
    expect(screen.getByText("1 page could not be read.")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Generating..." })).toHaveProperty("disabled", true);
    expect((screen.getByLabelText("Topic") as HTMLInputElement).disabled).toBe(true);
  });

  it("cancels the generation on the server, keeps the dialog open with the topic, and says so", async () => {
    const calls = writerServer([generation("running", { step: "brief" })]);
    const { onGenerated, onOpenChange } = renderDialog();
    generate();
    await screen.findByText("Brief…");
    fireEvent.click(screen.getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("button", { name: "Generate" })).toBeTruthy());
    expect(calls.some((c) => c.method === "POST" && c.url.endsWith("/g1/cancel"))).toBe(true);
    expect(screen.queryByRole("list", { name: "Generation steps" })).toBeNull();
    expect(document.body.textContent).toContain("Generation cancelled");
    expect(document.body.textContent).toContain(
      "Nothing was generated. Your topic and options are kept.",
    );
    expect((screen.getByLabelText("Topic") as HTMLInputElement).value).toBe("Overnight oats");
    // No more reads after the cancel.
    const reads = calls.filter((c) => c.method === "GET").length;
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls.filter((c) => c.method === "GET").length).toBe(reads);
    expect(onGenerated).not.toHaveBeenCalled();
    expect(onOpenChange).not.toHaveBeenCalled();
  });

  it("says why the writer failed and keeps the dialog open", async () => {
    writerServer([
      generation("running", { step: "brief" }),
      generation("failed", {}, { error: "The AI provider failed. Try again." }),
    ]);
    const { onGenerated, onOpenChange } = renderDialog({ postId: "p1" });
    generate();
    await waitFor(() =>
      expect(document.body.textContent).toContain("The AI provider failed. Try again."),
    );
    expect(screen.getByRole("button", { name: "Generate" })).toHaveProperty("disabled", false);
    expect(onGenerated).not.toHaveBeenCalled();
    expect(onOpenChange).not.toHaveBeenCalled();
  });

  it("refuses a source that is no web address before asking the server", () => {
    const calls = writerServer([]);
    renderDialog();
    fireEvent.change(screen.getByLabelText("Sources (Optional)"), {
      target: { value: "https://oats.example/a\noats.example/b" },
    });
    generate();
    expect(document.body.textContent).toContain(
      "“oats.example/b” is not a web address. Give one address starting with http:// or https:// per line.",
    );
    expect(calls).toEqual([]);
  });

  it("reads addresses one per line", () => {
    expect(sourceUrlsOf(" https://a.example/x \n\nhttp://b.example\n")).toEqual({
      urls: ["https://a.example/x", "http://b.example"],
      invalid: null,
    });
    expect(sourceUrlsOf("ftp://a.example").invalid).toBe("ftp://a.example");
  });
});
