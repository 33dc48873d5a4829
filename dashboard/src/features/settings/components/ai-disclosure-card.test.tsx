// @vitest-environment happy-dom

import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { blogFixture } from "../../../test/factories.ts";
import { json, stubFetch } from "../../../test/fetch-stub.ts";
import { cleanUpAfterEach, WithSwrAndToaster } from "../../../test/render.tsx";
import { AiDisclosureCard } from "./ai-disclosure-card.tsx";
import { profileProblems } from "./public-profile-form.tsx";

const blog = blogFixture({ name: "Balcony Gardens", slug: "balcony-gardens" });

cleanUpAfterEach();

describe("AI disclosure card", () => {
  it("turns the note off for the blog with one PATCH and says so", async () => {
    const calls = stubFetch(({ method, body }) =>
      json(200, method === "PATCH" ? { ...blog, ...(body as object) } : []),
    );
    render(
      <WithSwrAndToaster>
        <AiDisclosureCard blog={blog} />
      </WithSwrAndToaster>,
    );
    const toggle = screen.getByRole("switch", { name: "Show 'AI-assisted' note" });
    expect(toggle.getAttribute("aria-checked")).toBe("true");
    fireEvent.click(toggle);
    await waitFor(() => expect(screen.getByText("AI Disclosure Off")).toBeTruthy());
    expect(calls.filter((c) => c.method === "PATCH")).toEqual([
      { url: "/api/blogs/b1/customization", method: "PATCH", body: { aiDisclosure: false } },
    ]);
  });
});

describe("public profile form checks", () => {
  it("uses the contract's limits and messages", () => {
    expect(profileProblems({ displayName: "Rowan Vale", bio: "" })).toEqual({});
    expect(profileProblems({ displayName: "x".repeat(101), bio: "y".repeat(501) })).toEqual({
      displayName: "Display name must be at most 100 characters",
      bio: "Bio must be at most 500 characters",
    });
  });
});
