// @vitest-environment happy-dom

import { cleanup, render, screen } from "@testing-library/react";
import { MemoryRouter, Route, Routes } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { json, stubFetch } from "../../../test/fetch-stub.ts";
import { cleanUpAfterEach, WithSwrAndToaster } from "../../../test/render.tsx";
import { JoinPage } from "./join-page.tsx";

cleanUpAfterEach();

const token = "abcdefghijklmnopqrstuvwxyz012345";

function renderJoin(signedIn: boolean, answer: Response) {
  stubFetch(async (call) => {
    if (call.url === `/api/team-invitations/${token}`) return answer;
    throw new Error(`unexpected ${call.method} ${call.url}`);
  });
  render(
    <MemoryRouter initialEntries={[`/join/${token}`]}>
      <WithSwrAndToaster>
        <Routes>
          <Route path="/join/:token" element={<JoinPage signedIn={signedIn} />} />
        </Routes>
      </WithSwrAndToaster>
    </MemoryRouter>,
  );
}

const preview = {
  blogName: "Coffee",
  role: "writer",
  invitedBy: "Olive Owner",
  expiresAt: "2026-12-06T10:00:00.000Z",
};

describe("the page of a team invitation", () => {
  it("offers a signed-out person an account with the link, or sign-in and back", async () => {
    renderJoin(false, json(200, preview));
    expect(await screen.findByRole("heading", { name: "Join Coffee" })).toBeTruthy();
    expect(screen.getByText(/Olive Owner invites you to work on Coffee as Writer/)).toBeTruthy();
    expect(screen.getByRole("link", { name: "Create an account" }).getAttribute("href")).toBe(
      `/auth/sign-up?invite=${token}`,
    );
    expect(
      screen.getByRole("link", { name: "I have an account: sign in" }).getAttribute("href"),
    ).toBe(`/api/login?returnTo=${encodeURIComponent(`/join/${token}`)}`);
  });

  it("offers a signed-in person to accept, and says why a closed link does not work", async () => {
    renderJoin(true, json(200, preview));
    expect(await screen.findByRole("button", { name: "Accept invitation" })).toBeTruthy();
    cleanup();
    vi.unstubAllGlobals();
    const message = "This invitation has expired. Ask the blog's owner or editor for a new one.";
    renderJoin(true, json(410, { code: "invitation_expired", message }));
    expect((await screen.findByRole("alert")).textContent).toBe(message);
    expect(screen.queryByRole("button", { name: "Accept invitation" })).toBeNull();
  });
});
