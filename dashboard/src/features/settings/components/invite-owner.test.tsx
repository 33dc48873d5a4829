// @vitest-environment happy-dom

import type { InvitationStatus } from "@contracts/invitations.ts";
import { fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { json, stubFetch } from "../../../test/fetch-stub.ts";
import { cleanUpAfterEach, findToast, WithSwrAndToaster } from "../../../test/render.tsx";
import { InviteOwner } from "./invite-owner.tsx";

cleanUpAfterEach();

const ownersOnly =
  "Only this server's owners can invite people. Ask one of them for an invitation link.";

function renderWith(status: InvitationStatus, create = json(201, {})) {
  const calls = stubFetch(async (call) => {
    if (call.method === "GET" && call.url === "/api/invitations/status") return json(200, status);
    if (call.method === "POST" && call.url === "/api/invitations") return create;
    throw new Error(`unexpected ${call.method} ${call.url}`);
  });
  render(
    <WithSwrAndToaster>
      <InviteOwner />
    </WithSwrAndToaster>,
  );
  return calls;
}

describe("Invite someone (decision 312)", () => {
  it("tells an account that may not invite why, and offers no button", async () => {
    renderWith({ canInvite: false, reason: ownersOnly, open: 0, maxOpen: 20 });
    expect(await screen.findByText(ownersOnly)).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Create invitation link" })).toBeNull();
  });

  it("offers owners the button, with their open links, and shows a refusal as the server words it", async () => {
    const message =
      "You have 20 invitation links nobody has used yet, the most you can have open. Wait until one is used or expires (the next on 2026-11-30 10:00 UTC).";
    const calls = renderWith(
      { canInvite: true, reason: null, open: 20, maxOpen: 20 },
      json(409, { code: "limit_reached", message }),
    );
    expect(await screen.findByText(/Links nobody has used yet: 20 of at most 20\./)).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Create invitation link" }));
    const toast = await findToast("Invitation not created");
    expect(toast.textContent).toContain(message);
    expect(calls.filter((call) => call.method === "POST")).toHaveLength(1);
  });
});
