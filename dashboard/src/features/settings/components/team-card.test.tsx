// @vitest-environment happy-dom

import type { Team } from "@contracts/team.ts";
import { fireEvent, render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { blogFixture } from "../../../test/factories.ts";
import { json, stubFetch } from "../../../test/fetch-stub.ts";
import { cleanUpAfterEach, findToast, WithSwrAndToaster } from "../../../test/render.tsx";
import { TeamCard } from "./team-card.tsx";

cleanUpAfterEach();

const team: Team = {
  members: [
    {
      userId: "u-owner",
      name: "Olive Owner",
      email: "olive@example.com",
      role: "owner",
      since: "2026-01-01T00:00:00.000Z",
      posts: 3,
    },
    {
      userId: "u-writer",
      name: "Wes Writer",
      email: "wes@example.com",
      role: "writer",
      since: "2026-02-01T00:00:00.000Z",
      posts: 1,
    },
  ],
  invitations: [
    {
      id: "inv-1",
      role: "contributor",
      email: "guest@example.com",
      createdAt: "2026-11-29T10:00:00.000Z",
      expiresAt: "2026-12-06T10:00:00.000Z",
      status: "open",
      invitedBy: "Olive Owner",
    },
  ],
};

function renderCard(role: "owner" | "editor") {
  const calls = stubFetch(async (call) => {
    if (call.method === "GET" && call.url === "/api/blogs/b1/team") return json(200, team);
    if (call.method === "POST" && call.url === "/api/blogs/b1/invitations") {
      return json(201, {
        ...team.invitations[0],
        id: "inv-2",
        role: (call.body as { role: string }).role,
        email: null,
        url: "http://localhost:3000/join/abcdefghijklmnopqrstuvwxyz012345",
        emailed: false,
      });
    }
    if (call.method === "DELETE") return json(204, undefined);
    throw new Error(`unexpected ${call.method} ${call.url}`);
  });
  render(
    <WithSwrAndToaster>
      <TeamCard blog={blogFixture({ id: "b1", name: "Coffee", role })} />
    </WithSwrAndToaster>,
  );
  return calls;
}

describe("Settings → Team", () => {
  it("lists the members and invitations, and makes a link to copy", async () => {
    const calls = renderCard("owner");
    const members = await screen.findByRole("list", { name: "Members" });
    expect(within(members).getByText("Olive Owner")).toBeTruthy();
    expect(within(members).getByText("Wes Writer")).toBeTruthy();
    expect(within(members).getByRole("button", { name: "Remove" })).toBeTruthy();
    const invitations = screen.getByRole("list", { name: "Invitations" });
    expect(within(invitations).getByText(/guest@example.com/)).toBeTruthy();

    fireEvent.click(screen.getByRole("button", { name: "Create invitation" }));
    await findToast("Invitation created");
    const link = screen.getByLabelText("Invitation link") as HTMLInputElement;
    expect(link.value).toBe("http://localhost:3000/join/abcdefghijklmnopqrstuvwxyz012345");
    expect(calls.find((call) => call.method === "POST")?.body).toEqual({
      role: "writer",
      email: null,
    });

    fireEvent.click(within(invitations).getByRole("button", { name: "Revoke" }));
    await findToast("Invitation revoked");
    expect(calls.some((call) => call.method === "DELETE" && call.url.endsWith("/inv-1"))).toBe(
      true,
    );
  });

  it("shows an editor the team without the owner's controls", async () => {
    renderCard("editor");
    const members = await screen.findByRole("list", { name: "Members" });
    expect(within(members).queryByRole("button", { name: "Remove" })).toBeNull();
    expect(within(members).getByText("Writer")).toBeTruthy();
  });
});
