// @vitest-environment happy-dom

import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { blogFixture } from "../../../test/factories.ts";
import { json, stubFetch } from "../../../test/fetch-stub.ts";
import { cleanUpAfterEach, findToast, WithSwrAndToaster } from "../../../test/render.tsx";
import { AiDisclosureCard } from "./ai-disclosure-card.tsx";
import { PublicProfileForm } from "./public-profile-form.tsx";

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

describe("public profile form", () => {
  it("says the contract's limits under each field and sends nothing, then sends the fields as typed", async () => {
    const calls = stubFetch(({ method, body }) =>
      json(200, method === "PATCH" ? body : { displayName: null, bio: null }),
    );
    render(
      <WithSwrAndToaster>
        <PublicProfileForm />
      </WithSwrAndToaster>,
    );
    const name = screen.getByLabelText("Display Name");
    const bio = screen.getByLabelText("Bio");
    await waitFor(() => expect((name as HTMLInputElement).disabled).toBe(false));
    fireEvent.change(name, { target: { value: "x".repeat(101) } });
    fireEvent.change(bio, { target: { value: "y".repeat(501) } });
    fireEvent.click(screen.getByRole("button", { name: "Save Public Profile" }));
    await waitFor(() =>
      expect(screen.getAllByRole("alert").map((alert) => alert.textContent)).toEqual([
        "Display name must be at most 100 characters",
        "Bio must be at most 500 characters",
      ]),
    );
    expect(name.getAttribute("aria-invalid")).toBe("true");
    expect(calls.filter((c) => c.method === "PATCH")).toEqual([]);

    fireEvent.change(name, { target: { value: " Rowan Vale " } });
    fireEvent.change(bio, { target: { value: "" } });
    fireEvent.click(screen.getByRole("button", { name: "Save Public Profile" }));
    await findToast("Public Profile Updated");
    expect(calls.filter((c) => c.method === "PATCH").map((c) => c.body)).toEqual([
      { displayName: " Rowan Vale ", bio: "" },
    ]);
    expect(screen.queryAllByRole("alert")).toEqual([]);
  });
});
