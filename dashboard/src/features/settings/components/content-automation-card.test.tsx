// @vitest-environment happy-dom

import { type AutomationSettings, outOfTopicsReason } from "@contracts/automation.ts";
import type { BlogJobs } from "@contracts/background-work.ts";
import type { Category } from "@contracts/categories.ts";
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { SWRConfig } from "swr";
import { describe, expect, it, vi } from "vitest";
import { swrConfig } from "../../../lib/swr-config.ts";
import { automationFixture, blogFixture, blogJobsFixture } from "../../../test/factories.ts";
import { type Call, callOf, json } from "../../../test/fetch-stub.ts";
import { cleanUpAfterEach, findToast, WithSwrAndToaster } from "../../../test/render.tsx";
import {
  type AutomationForm,
  automationFormOf,
  automationPayload,
  canSaveAutomation,
  hasUnsavedChanges,
  parsePostsPerWeek,
  parseTopics,
  topicDetailIssueOf,
} from "./automation-form.ts";
import { ContentAutomationCard } from "./content-automation-card.tsx";

const blog = blogFixture({ name: "Balcony Gardens", slug: "balcony-gardens" });

const stored = automationFixture;

/** What the buttons inside `scope` read, in order (the topic rows of Topic details). */
const buttonTexts = (scope: HTMLElement) =>
  within(scope)
    .getAllByRole("button")
    .map((b) => b.textContent);

const category = (id: string, name: string): Category => ({
  id,
  blogId: "b1",
  name,
  slug: name.toLowerCase(),
  parentId: null,
  postCount: 0,
  createdAt: "2025-01-01T00:00:00.000Z",
  updatedAt: "2025-01-01T00:00:00.000Z",
});
const categories = [category("c-herbs", "Herbs"), category("c-veg", "Vegetables")];

/** What the API answers for a blog whose automation was never saved (decision 354). */
const neverSaved: AutomationSettings = {
  blogId: "b1",
  configured: false,
  enabled: false,
  lastGeneratedAt: null,
  nextRunAt: null,
  niche: null,
  postingFrequency: "weekly",
  postsPerWeek: 3,
  autoPublish: true,
  topics: [],
  topicDetails: [],
  skipReason: null,
};

/**
 * Answers GET with `initial` (the never-saved defaults for none), the blog's jobs with `jobs`, its categories, and
 * saves with `save`.
 */
function renderCard(
  initial: AutomationSettings | null,
  save: (call: Call) => Response,
  aiConfigured = true,
  // The same automation as the saved settings, as the API reads both from one row.
  jobs: BlogJobs = blogJobsFixture({
    automation: {
      state: !initial?.enabled
        ? "off"
        : initial.skipReason === outOfTopicsReason
          ? "out_of_topics"
          : "scheduled",
      lastRunAt: initial?.lastGeneratedAt ?? null,
      nextRunAt: initial?.enabled ? initial.nextRunAt : null,
      lastError: initial?.skipReason ?? null,
      writing: null,
    },
  }),
) {
  const calls: Call[] = [];
  vi.stubGlobal("fetch", async (url: string, init?: RequestInit) => {
    // Whether an AI provider is configured (the card warns when none is).
    if (url === "/api/ai/usage") return json(200, { configured: aiConfigured });
    if (url === "/api/blogs/b1/jobs") return json(200, jobs);
    if (url === "/api/blogs/b1/categories") return json(200, categories);
    const call = callOf(url, init);
    calls.push(call);
    if (call.method === "GET") return json(200, initial ?? neverSaved);
    return save(call);
  });
  render(
    <WithSwrAndToaster>
      <ContentAutomationCard blog={blog} />
    </WithSwrAndToaster>,
  );
  const card = () => within(screen.getByRole("region", { name: "Content Automation" }));
  return {
    calls,
    card,
    enabled: () => card().getByRole("switch", { name: "Enable Content Automation" }),
    save: () => card().getByRole("button", { name: /^Save Settings|^Saving/ }),
    topics: () => card().getByLabelText("Topics") as HTMLTextAreaElement,
    postsPerWeek: () => card().getByLabelText("Posts per Week") as HTMLInputElement,
  };
}

cleanUpAfterEach();

describe("automation form rules (spec sections 5 and 9)", () => {
  it("splits topics on commas, trims them and drops empties", () => {
    expect(parseTopics(" herbs ,tomatoes,, , chillies ,")).toEqual([
      "herbs",
      "tomatoes",
      "chillies",
    ]);
    expect(parseTopics(" , ,")).toEqual([]);
    expect(parseTopics("")).toEqual([]);
    expect(parseTopics("one topic")).toEqual(["one topic"]);
  });

  it("keeps posts per week a whole number from 1 to 14; a non-numeric entry becomes 1", () => {
    expect(parsePostsPerWeek("5")).toBe(5);
    expect(parsePostsPerWeek(" 14 ")).toBe(14);
    expect(parsePostsPerWeek("abc")).toBe(1);
    expect(parsePostsPerWeek("")).toBe(1);
    expect(parsePostsPerWeek("0")).toBe(1);
    expect(parsePostsPerWeek("-3")).toBe(1);
    expect(parsePostsPerWeek("15")).toBe(14);
    expect(parsePostsPerWeek("2.7")).toBe(2);
  });

  it("starts from the spec's defaults: off, weekly, 3 per week, auto-publish on", () => {
    expect(automationFormOf(null)).toEqual({
      enabled: false,
      niche: "",
      topics: "",
      postingFrequency: "weekly",
      postsPerWeek: "3",
      autoPublish: true,
      topicDetails: [],
    });
    expect(automationFormOf(stored())).toMatchObject({
      topics: "herbs, tomatoes",
      postsPerWeek: "7",
      postingFrequency: "daily",
    });
  });

  it("needs a topic to save only while automation is on", () => {
    const off = automationFormOf(null);
    expect(canSaveAutomation(off)).toBe(true);
    expect(canSaveAutomation({ ...off, enabled: true, topics: " , " })).toBe(false);
    expect(canSaveAutomation({ ...off, enabled: true, topics: "herbs" })).toBe(true);
  });

  it("sends every field, the niche as null when empty", () => {
    expect(
      automationPayload({
        enabled: true,
        niche: "   ",
        topics: "herbs, , tomatoes ",
        postingFrequency: "biweekly",
        postsPerWeek: "x",
        autoPublish: false,
        topicDetails: [],
      }),
    ).toEqual({
      enabled: true,
      niche: null,
      topics: ["herbs", "tomatoes"],
      postingFrequency: "biweekly",
      postsPerWeek: 1,
      autoPublish: false,
      topicDetails: [],
    });
  });

  it("tells unsaved changes by the values that would be sent", () => {
    const saved = stored();
    expect(hasUnsavedChanges(automationFormOf(saved), saved)).toBe(false);
    expect(
      hasUnsavedChanges({ ...automationFormOf(saved), topics: "herbs ,tomatoes," }, saved),
    ).toBe(false);
    expect(hasUnsavedChanges({ ...automationFormOf(saved), postsPerWeek: "6" }, saved)).toBe(true);
    expect(hasUnsavedChanges(automationFormOf(null), null)).toBe(false);
  });

  it("sends details only for listed topics that differ from the defaults", () => {
    const blank = { categoryId: "", urls: "", notes: "" };
    const form = {
      ...automationFormOf(stored()),
      topics: "herbs, tomatoes, basil",
      topicDetails: [
        // Taken out of the list: dropped.
        { topic: "chillies", length: "long", tone: "casual", ...blank },
        // Left as the defaults: no entry.
        { topic: "herbs", length: "medium", tone: "professional", ...blank },
        {
          topic: "tomatoes",
          length: "short",
          tone: "professional",
          categoryId: "c-veg",
          urls: " https://a.example/one \n\n https://b.example/two\n",
          notes: "We grew six kinds.\nAll in pots.\n\n  \nBlight hit in August.",
        },
        { topic: "basil", length: "medium", tone: "friendly", ...blank },
      ],
    } satisfies AutomationForm;
    expect(automationPayload(form).topicDetails).toEqual([
      {
        topic: "tomatoes",
        length: "short",
        tone: "professional",
        categoryId: "c-veg",
        urls: ["https://a.example/one", "https://b.example/two"],
        notes: ["We grew six kinds.\nAll in pots.", "Blight hit in August."],
      },
      { topic: "basil", length: "medium", tone: "friendly", urls: [], notes: [] },
    ]);

    // Saved details come back as they were typed, and nothing is unsaved.
    const saved = stored({
      topics: ["herbs", "tomatoes"],
      topicDetails: [
        {
          topic: "tomatoes",
          length: "long",
          categoryId: "c-veg",
          urls: ["https://a.example/one", "https://b.example/two"],
          notes: ["Six kinds.", "In pots."],
        },
      ],
    });
    expect(automationFormOf(saved).topicDetails).toEqual([
      {
        topic: "tomatoes",
        length: "long",
        tone: "professional",
        categoryId: "c-veg",
        urls: "https://a.example/one\nhttps://b.example/two",
        notes: "Six kinds.\n\nIn pots.",
      },
    ]);
    expect(hasUnsavedChanges(automationFormOf(saved), saved)).toBe(false);
    expect(
      hasUnsavedChanges({ ...automationFormOf(saved), topics: "herbs, tomatoes, basil" }, saved),
    ).toBe(true);
  });

  it("places an issue about a sent topic next to that topic's field", () => {
    const form: AutomationForm = {
      ...automationFormOf(null),
      topics: "herbs, tomatoes",
      topicDetails: [
        { topic: "gone", length: "long", tone: "casual", categoryId: "", urls: "", notes: "" },
        {
          topic: "tomatoes",
          length: "long",
          tone: "casual",
          categoryId: "c-x",
          urls: "https://a.example\nhttps://b.example",
          notes: "One.\n\nTwo.",
        },
      ],
    };
    // Sent first, kept second.
    expect(topicDetailIssueOf(form, "topicDetails.0.urls.1", "must be an http(s) address")).toEqual(
      { formIndex: 1, field: "urls", message: "https://b.example must be an http(s) address" },
    );
    expect(
      topicDetailIssueOf(form, "topicDetails.0.categoryId", "is not a category of this blog"),
    ).toEqual({
      formIndex: 1,
      field: "categoryId",
      message: "Category is not a category of this blog",
    });
    expect(
      topicDetailIssueOf(
        form,
        ["topicDetails", 0, "notes", 1],
        "String must contain at most 5000 character(s)",
      ),
    ).toEqual({
      formIndex: 1,
      field: "notes",
      message: "Note 2: String must contain at most 5000 character(s)",
    });
    expect(topicDetailIssueOf(form, "topicDetails.1.urls.0", "x")).toBeNull();
    expect(topicDetailIssueOf(form, "topics", "Add at least one topic")).toBeNull();
  });
});

describe("Content Automation card", () => {
  it("off: shows only the switch and Save; on: every control with the defaults and 'Active'", async () => {
    const view = renderCard(null, () => json(500, {}));
    await waitFor(() => view.enabled());
    expect(view.enabled().getAttribute("aria-checked")).toBe("false");
    expect(view.card().getAllByRole("switch")).toHaveLength(1);
    expect(view.card().getAllByRole("button")).toEqual([view.save()]);
    expect(view.card().queryByRole("textbox")).toBeNull();
    expect(view.card().queryByRole("combobox")).toBeNull();
    expect(view.card().queryByText("Active")).toBeNull();
    expect(view.save()).toHaveProperty("disabled", false);

    fireEvent.click(view.enabled());
    expect(view.card().getByText("Active")).toBeTruthy();
    expect((view.card().getByLabelText("Niche") as HTMLInputElement).value).toBe("");
    const frequency = view.card().getByLabelText("Posting Frequency") as HTMLSelectElement;
    expect(frequency.value).toBe("weekly");
    expect([...frequency.options].map((o) => [o.value, o.textContent])).toEqual([
      ["daily", "Daily"],
      ["weekly", "Weekly"],
      ["biweekly", "Biweekly"],
    ]);
    expect(view.postsPerWeek().value).toBe("3");
    expect(view.postsPerWeek().min).toBe("1");
    expect(view.postsPerWeek().max).toBe("14");
    expect(
      view.card().getByRole("switch", { name: "Auto-Publish" }).getAttribute("aria-checked"),
    ).toBe("true");

    // Blank topics keep Save disabled, and say why.
    expect(view.save()).toHaveProperty("disabled", true);
    fireEvent.change(view.topics(), { target: { value: " ,  , " } });
    expect(view.save()).toHaveProperty("disabled", true);
    expect(view.save().getAttribute("aria-describedby")).toBeTruthy();
    expect(
      document.getElementById(view.save().getAttribute("aria-describedby") as string)?.textContent,
    ).toMatch(/Add at least one topic/);
    fireEvent.change(view.topics(), { target: { value: "herbs" } });
    expect(view.save()).toHaveProperty("disabled", false);

    // Turning it off again hides the controls (and their values stay for next time).
    fireEvent.click(view.enabled());
    expect(view.card().queryByLabelText("Topics")).toBeNull();
    expect(view.card().queryByText("Active")).toBeNull();
    fireEvent.click(view.enabled());
    expect(view.topics().value).toBe("herbs");
  });

  it("creates the settings with POST the first time, then updates them with PATCH", async () => {
    const view = renderCard(null, (call) => {
      const body = call.body as Record<string, unknown>;
      return call.method === "POST"
        ? json(201, stored({ ...body, niche: null } as Partial<AutomationSettings>))
        : json(200, stored({ ...body } as Partial<AutomationSettings>));
    });
    await waitFor(() => view.enabled());
    fireEvent.click(view.enabled());
    fireEvent.change(view.topics(), { target: { value: " herbs, ,tomatoes ,," } });
    fireEvent.change(view.card().getByLabelText("Posting Frequency"), {
      target: { value: "biweekly" },
    });
    fireEvent.change(view.postsPerWeek(), { target: { value: "" } });
    fireEvent.blur(view.postsPerWeek());
    expect(view.postsPerWeek().value).toBe("1");
    expect(view.card().getByText("Unsaved changes")).toBeTruthy();
    fireEvent.click(view.save());

    const toast = await findToast("Settings saved");
    expect(toast.textContent).toContain("Content automation is on for Balcony Gardens.");
    expect(view.calls.filter((c) => c.method !== "GET")).toEqual([
      {
        url: "/api/blogs/b1/automation",
        method: "POST",
        body: {
          enabled: true,
          niche: null,
          topics: ["herbs", "tomatoes"],
          postingFrequency: "biweekly",
          postsPerWeek: 1,
          autoPublish: true,
          topicDetails: [],
        },
      },
    ]);
    // The saved topics come back tidied; nothing is left unsaved.
    expect(view.topics().value).toBe("herbs, tomatoes");
    expect(view.card().queryByText("Unsaved changes")).toBeNull();

    fireEvent.change(view.postsPerWeek(), { target: { value: "20" } });
    fireEvent.click(view.save());
    await waitFor(() =>
      expect(view.calls.filter((c) => c.method === "PATCH")).toEqual([
        {
          url: "/api/blogs/b1/automation",
          method: "PATCH",
          body: expect.objectContaining({ postsPerWeek: 14 }),
        },
      ]),
    );
  });

  it("edits saved settings with PATCH and shows when a post was last generated", async () => {
    const view = renderCard(
      stored({ lastGeneratedAt: new Date(2025, 2, 5, 14, 30).toISOString() }),
      (call) => json(200, stored({ ...(call.body as Partial<AutomationSettings>) })),
    );
    await waitFor(() => expect(view.card().getByText("Active")).toBeTruthy());
    expect((view.card().getByLabelText("Niche") as HTMLInputElement).value).toBe(
      "Small-space gardening",
    );
    expect(view.card().getByText("Mar 5, 2025 at 2:30 PM")).toBeTruthy();
    expect(view.save()).toHaveProperty("disabled", false);

    fireEvent.click(view.enabled());
    expect(view.card().queryByText("Active")).toBeNull();
    fireEvent.click(view.save());
    const toast = await findToast("Settings saved");
    expect(toast.textContent).toContain("Content automation is off for Balcony Gardens.");
    expect(view.calls.find((c) => c.method !== "GET")).toEqual({
      url: "/api/blogs/b1/automation",
      method: "PATCH",
      body: {
        enabled: false,
        niche: "Small-space gardening",
        topics: ["herbs", "tomatoes"],
        postingFrequency: "daily",
        postsPerWeek: 7,
        autoPublish: false,
        topicDetails: [],
      },
    });
  });

  it("out of topics: says so, suggests topics, and adds the accepted ones to the topics saved", async () => {
    const due = new Date(Date.now() - 60_000).toISOString();
    const view = renderCard(stored({ skipReason: outOfTopicsReason, nextRunAt: due }), (call) =>
      call.url === "/api/blogs/b1/automation/topic-suggestions"
        ? json(200, { topics: ["Herb spirals", "Rain barrels"], source: "ai", message: null })
        : json(200, stored({ ...(call.body as Partial<AutomationSettings>) })),
    );
    expect(await view.card().findByText(outOfTopicsReason)).toBeTruthy();
    // Paused, not due: no "written within a minute".
    expect(view.card().queryByText(/due now/)).toBeNull();
    fireEvent.click(view.card().getByRole("button", { name: "Suggest topics" }));
    const list = within(await view.card().findByRole("list", { name: "Suggested topics" }));
    fireEvent.click(list.getByLabelText("Rain barrels"));
    fireEvent.click(view.card().getByRole("button", { name: "Add 1 topic" }));
    expect(view.topics().value).toBe("herbs, tomatoes, Herb spirals");
    fireEvent.click(view.save());
    await findToast("Settings saved");
    expect(view.calls.filter((c) => c.method === "PATCH").map((c) => c.body)).toEqual([
      expect.objectContaining({ topics: ["herbs", "tomatoes", "Herb spirals"] }),
    ]);
  });

  it("shows which post a refused topic is too close to, next to the topics", async () => {
    const message =
      '"Tomatoes on a balcony" is too close to "Balcony tomatoes: A Practical Guide", already on this blog. Choose a different topic.';
    const view = renderCard(stored(), () =>
      json(400, {
        code: "topic_too_close",
        message: `topics.2: ${message}`,
        issues: [{ path: "topics.2", message }],
      }),
    );
    await waitFor(() => expect(view.card().getByText("Active")).toBeTruthy());
    fireEvent.change(view.topics(), {
      target: { value: "herbs, tomatoes, Tomatoes on a balcony" },
    });
    fireEvent.click(view.save());
    expect((await view.card().findByRole("alert")).textContent).toBe(message);
    expect(view.topics().value).toBe("herbs, tomatoes, Tomatoes on a balcony");
  });

  it("offers no suggestions while topics remain, and says why none come offline", async () => {
    const view = renderCard(stored(), () => json(500, {}));
    await waitFor(() => expect(view.card().getByText("Active")).toBeTruthy());
    expect(view.card().queryByRole("button", { name: "Suggest topics" })).toBeNull();
    cleanup();
    const offline = renderCard(stored({ skipReason: outOfTopicsReason }), () =>
      json(200, { topics: [], source: "offline", message: "No AI model is configured." }),
    );
    fireEvent.click(await offline.card().findByRole("button", { name: "Suggest topics" }));
    expect(await offline.card().findByText("No AI model is configured.")).toBeTruthy();
    expect(offline.card().queryByRole("list", { name: "Suggested topics" })).toBeNull();
  });

  it("says 'Error' with the spec's text when saving fails, keeping what was typed", async () => {
    const view = renderCard(stored(), () =>
      json(400, { code: "validation_failed", message: "topics: something" }),
    );
    await waitFor(() => view.topics());
    fireEvent.change(view.topics(), { target: { value: "herbs, basil" } });
    fireEvent.click(view.save());
    const toast = await findToast("Error");
    expect(toast.textContent).toContain("Failed to save automation settings. Please try again.");
    expect(view.topics().value).toBe("herbs, basil");
    expect(view.save()).toHaveProperty("disabled", false);
  });

  it("offers to try again when the settings cannot be read", async () => {
    let fail = true;
    vi.stubGlobal("fetch", async (url: string) =>
      fail
        ? new Response("boom", { status: 500 })
        : url === "/api/blogs/b1/automation"
          ? json(200, neverSaved)
          : json(404, { code: "not_found" }),
    );
    render(
      <SWRConfig value={{ ...swrConfig, provider: () => new Map() }}>
        <ContentAutomationCard blog={blog} />
      </SWRConfig>,
    );
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("Failed to load automation settings");
    fail = false;
    fireEvent.click(within(alert).getByRole("button", { name: "Try again" }));
    expect(await screen.findByRole("switch", { name: "Enable Content Automation" })).toBeTruthy();
  });

  it("says plainly that posts are held for review when no AI provider is configured, and why a run was skipped", async () => {
    const reason =
      "Paused: today's AI allowance is used up. The next post is written after midnight UTC.";
    const { card } = renderCard(stored({ skipReason: reason }), () => json(200, {}), false);
    expect(await card().findByText("No AI provider is configured.")).toBeTruthy();
    expect(card().getByRole("note").textContent).toContain(
      "always held for review, never published automatically",
    );
    expect(card().getByText(reason)).toBeTruthy();
  });

  it("shows when the next post is written, and that a due one is being written, from the blog's jobs", async () => {
    const scheduled = renderCard(stored(), () => json(200, {}), true, {
      ...blogJobsFixture(),
      automation: {
        state: "scheduled",
        lastRunAt: new Date(2025, 2, 5, 14, 30).toISOString(),
        nextRunAt: new Date(2025, 2, 6, 14, 30).toISOString(),
        lastError: "The last post could not be written: The AI provider did not answer in time.",
        writing: null,
      },
    });
    expect(await scheduled.card().findByText("Next post Mar 6, 2025 at 2:30 PM")).toBeTruthy();
    expect(scheduled.card().getByText("Mar 5, 2025 at 2:30 PM")).toBeTruthy();
    expect(scheduled.card().getByRole("status").textContent).toBe(
      "The last post could not be written: The AI provider did not answer in time.",
    );
    cleanup();

    const due = renderCard(stored(), () => json(200, {}), true, {
      ...blogJobsFixture(),
      automation: {
        state: "due",
        lastRunAt: null,
        nextRunAt: new Date().toISOString(),
        lastError: null,
        writing: null,
      },
    });
    expect(
      await due.card().findByText("Next post: due now, written within a minute."),
    ).toBeTruthy();
  });

  it("says nothing of a next post while automation is off, whatever an older read said", async () => {
    // The jobs read before it was switched off still name a next run.
    const off = renderCard(stored({ enabled: false }), () => json(200, {}), true, {
      ...blogJobsFixture(),
      automation: {
        state: "scheduled",
        lastRunAt: null,
        nextRunAt: new Date(2025, 2, 6, 14, 30).toISOString(),
        lastError: null,
        writing: null,
      },
    });
    await off.card().findByRole("switch", { name: "Enable Content Automation" });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(off.card().queryByText(/^Next post/)).toBeNull();
  });

  it("sets a topic's length, tone, category and sources, and sends only the topics changed", async () => {
    const view = renderCard(stored(), (call) =>
      json(200, stored({ ...(call.body as Partial<AutomationSettings>) })),
    );
    const details = await view.card().findByRole("group", { name: "Topic details" });
    const row = (name: string | RegExp) => within(details).getByRole("button", { name });
    expect(buttonTexts(details)).toEqual([
      "herbs Medium · Professional · no category",
      "tomatoes Medium · Professional · no category",
    ]);
    expect(row(/^tomatoes/).getAttribute("aria-expanded")).toBe("false");
    expect(within(details).queryByLabelText("Length")).toBeNull();

    fireEvent.click(row(/^tomatoes/));
    expect(row(/^tomatoes/).getAttribute("aria-expanded")).toBe("true");
    const length = within(details).getByLabelText("Length") as HTMLSelectElement;
    expect([...length.options].map((o) => [o.value, o.textContent])).toEqual([
      ["short", "Short (~800 words)"],
      ["medium", "Medium (~1500 words)"],
      ["long", "Long (~2500 words)"],
    ]);
    const categorySelect = within(details).getByLabelText("Category") as HTMLSelectElement;
    await waitFor(() =>
      expect([...categorySelect.options].map((o) => o.textContent)).toEqual([
        "No category",
        "Herbs",
        "Vegetables",
      ]),
    );
    fireEvent.change(length, { target: { value: "long" } });
    fireEvent.change(within(details).getByLabelText("Tone"), { target: { value: "casual" } });
    fireEvent.change(categorySelect, { target: { value: "c-veg" } });
    fireEvent.change(within(details).getByLabelText("Sources"), {
      target: { value: "https://a.example/blight\n\nhttps://b.example/pots" },
    });
    fireEvent.change(within(details).getByLabelText("Notes"), {
      target: { value: "We grew six kinds in pots." },
    });
    expect(row(/^tomatoes/).textContent).toBe("tomatoes Long · Casual · Vegetables · 3 sources");
    expect(view.card().getByText("Unsaved changes")).toBeTruthy();

    fireEvent.click(view.save());
    await findToast("Settings saved");
    expect(view.calls.filter((c) => c.method === "PATCH").map((c) => c.body)).toEqual([
      expect.objectContaining({
        topics: ["herbs", "tomatoes"],
        topicDetails: [
          {
            topic: "tomatoes",
            length: "long",
            tone: "casual",
            categoryId: "c-veg",
            urls: ["https://a.example/blight", "https://b.example/pots"],
            notes: ["We grew six kinds in pots."],
          },
        ],
      }),
    ]);
    expect(view.card().queryByText("Unsaved changes")).toBeNull();
    expect(row(/^tomatoes/).textContent).toBe("tomatoes Long · Casual · Vegetables · 3 sources");
  });

  it("shows saved details and drops those of a topic taken out of the list", async () => {
    const view = renderCard(
      stored({
        topicDetails: [
          { topic: "tomatoes", length: "short", categoryId: "c-veg", urls: [], notes: [] },
        ],
      }),
      (call) => json(200, stored({ ...(call.body as Partial<AutomationSettings>) })),
    );
    const details = await view.card().findByRole("group", { name: "Topic details" });
    expect(
      await within(details).findByRole("button", {
        name: "tomatoes Short · Professional · Vegetables",
      }),
    ).toBeTruthy();

    fireEvent.change(view.topics(), { target: { value: "herbs, basil" } });
    expect(buttonTexts(details)).toEqual([
      "herbs Medium · Professional · no category",
      "basil Medium · Professional · no category",
    ]);
    fireEvent.click(view.save());
    await findToast("Settings saved");
    expect(view.calls.find((c) => c.method === "PATCH")?.body).toMatchObject({
      topics: ["herbs", "basil"],
      topicDetails: [],
    });
  });

  it("shows a refused topic field next to it, and does not send an address that is not http(s)", async () => {
    const view = renderCard(stored(), () =>
      json(400, {
        code: "validation_failed",
        message: "topicDetails.0.categoryId: is not a category of this blog",
        issues: [{ path: "topicDetails.0.categoryId", message: "is not a category of this blog" }],
      }),
    );
    const details = await view.card().findByRole("group", { name: "Topic details" });
    fireEvent.click(within(details).getByRole("button", { name: /^tomatoes/ }));
    const sources = within(details).getByLabelText("Sources");
    fireEvent.change(sources, { target: { value: "https://a.example\nftp://files.example/x" } });
    fireEvent.click(view.save());
    await findToast("Error");
    const urlProblem = within(details).getByText(
      "ftp://files.example/x must be an http(s) address",
    );
    expect(sources.getAttribute("aria-invalid")).toBe("true");
    expect(sources.getAttribute("aria-describedby")).toContain(urlProblem.id);
    expect(view.calls.filter((c) => c.method !== "GET")).toEqual([]);

    // Fixed, the server refuses the category: said under the category, the row kept open.
    fireEvent.change(sources, { target: { value: "https://a.example" } });
    expect(within(details).queryByText(/must be an http\(s\) address/)).toBeNull();
    const categorySelect = within(details).getByLabelText("Category");
    await waitFor(() => within(categorySelect).getByText("Vegetables"));
    fireEvent.change(categorySelect, { target: { value: "c-veg" } });
    fireEvent.click(within(details).getByRole("button", { name: /^tomatoes/ }));
    expect(within(details).queryByLabelText("Category")).toBeNull();
    fireEvent.click(view.save());
    const problem = await within(details).findByText("Category is not a category of this blog");
    expect(view.calls.filter((c) => c.method === "PATCH")).toHaveLength(1);
    expect(within(details).getByLabelText("Category").getAttribute("aria-describedby")).toContain(
      problem.id,
    );
    expect((view.card().getByLabelText("Topics") as HTMLTextAreaElement).value).toBe(
      "herbs, tomatoes",
    );
  });

  it("does not warn when a provider is configured", async () => {
    const { card } = renderCard(stored(), () => json(200, {}), true);
    await card().findByRole("switch", { name: "Auto-Publish" });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(card().queryByText("No AI provider is configured.")).toBeNull();
  });
});
