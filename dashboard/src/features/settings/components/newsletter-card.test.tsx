// @vitest-environment happy-dom

import type { BlogNewsletter } from "@contracts/newsletter-issues.ts";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { blogFixture } from "../../../test/factories.ts";
import { type Call, json, stubFetch } from "../../../test/fetch-stub.ts";
import { cleanUpAfterEach, findToast, WithSwrAndToaster } from "../../../test/render.tsx";
import { NewsletterCard } from "./newsletter-card.tsx";

cleanUpAfterEach();

const newsletter: BlogNewsletter = {
  available: true,
  settings: { senderName: null, senderAddress: null, sendByDefault: false, weeklyDigest: false },
  subscribed: 3,
  issues: [],
};

function renderCard(
  start: BlogNewsletter,
  patch: (call: Call) => Response = (call) =>
    json(200, { ...start, settings: { ...start.settings, ...(call.body as object) } }),
) {
  const calls = stubFetch(async (call) => {
    if (call.url !== "/api/blogs/b1/newsletter") throw new Error(`unexpected ${call.url}`);
    if (call.method === "GET") return json(200, start);
    if (call.method === "PATCH") return patch(call);
    throw new Error(`unexpected ${call.method} ${call.url}`);
  });
  render(
    <WithSwrAndToaster>
      <NewsletterCard blog={blogFixture({ id: "b1", name: "Coffee" })} />
    </WithSwrAndToaster>,
  );
  return calls;
}

const patches = (calls: Call[]) => calls.filter((call) => call.method === "PATCH");

describe("Settings → Newsletter", () => {
  it("saves the sender and the two switches with PATCH", async () => {
    const calls = renderCard(newsletter);
    const name = (await screen.findByLabelText("Sender name")) as HTMLInputElement;
    const address = screen.getByLabelText("Sender address") as HTMLInputElement;
    expect(address.placeholder).toBe("Empty: the server's address");
    expect(screen.getByText(/3 subscribers now/)).toBeTruthy();
    fireEvent.change(name, { target: { value: "Coffee Crew" } });
    fireEvent.change(address, { target: { value: "News@Coffee.example" } });
    fireEvent.click(screen.getByRole("switch", { name: "Send new posts by e-mail by default" }));
    fireEvent.click(screen.getByRole("switch", { name: "Weekly digest" }));
    fireEvent.click(screen.getByRole("button", { name: "Save Newsletter Settings" }));
    await findToast("Newsletter settings saved");
    expect(patches(calls).map((call) => call.body)).toEqual([
      {
        senderName: "Coffee Crew",
        senderAddress: "news@coffee.example",
        sendByDefault: true,
        weeklyDigest: true,
      },
    ]);
    expect(
      screen
        .getByRole("switch", { name: "Send new posts by e-mail by default" })
        .getAttribute("aria-checked"),
    ).toBe("true");
  });

  it("refuses an address that is not one before asking the server", async () => {
    const calls = renderCard(newsletter);
    fireEvent.change(await screen.findByLabelText("Sender address"), {
      target: { value: "not an address" },
    });
    fireEvent.click(screen.getByRole("button", { name: "Save Newsletter Settings" }));
    expect(await screen.findByText("Sender address must be an e-mail address")).toBeTruthy();
    expect(patches(calls)).toEqual([]);
  });

  it("shows the server's 400 beside each field it names", async () => {
    const calls = renderCard(newsletter, () =>
      json(400, {
        code: "validation_failed",
        message: "The request is not valid.",
        issues: [
          { path: "senderName", message: "Sender name must be at most 100 characters" },
          { path: "senderAddress", message: "Sender address must be an e-mail address" },
        ],
      }),
    );
    fireEvent.change(await screen.findByLabelText("Sender name"), {
      target: { value: "Coffee Crew" },
    });
    fireEvent.click(screen.getByRole("button", { name: "Save Newsletter Settings" }));
    await findToast("Newsletter settings not saved");
    expect(screen.getByText("Sender name must be at most 100 characters")).toBeTruthy();
    expect(screen.getByText("Sender address must be an e-mail address")).toBeTruthy();
    await waitFor(() =>
      expect(screen.getByLabelText("Sender address").getAttribute("aria-invalid")).toBe("true"),
    );
    expect(patches(calls)).toHaveLength(1);
  });

  it("says when the server sends no e-mail", async () => {
    renderCard({ ...newsletter, available: false });
    expect(await screen.findByText(/This server sends no e-mail yet/)).toBeTruthy();
  });
});
