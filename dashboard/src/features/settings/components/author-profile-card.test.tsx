// @vitest-environment happy-dom

import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { blogFixture } from "../../../test/factories.ts";
import { json, stubFetch } from "../../../test/fetch-stub.ts";
import { cleanUpAfterEach, WithSwrAndToaster } from "../../../test/render.tsx";
import { AuthorProfileCard } from "./author-profile-card.tsx";

const blog = blogFixture({ name: "Balcony Gardens", slug: "balcony-gardens" });
const empty = {
  userId: "u1",
  name: null,
  bio: null,
  photoId: null,
  photoUrl: null,
  links: [],
  slug: null,
};

cleanUpAfterEach();

describe("Author Profile card", () => {
  it("starts from the public name, refuses what the API would, then saves the profile for this blog", async () => {
    const calls = stubFetch(({ url, method, body }) => {
      if (url === "/api/auth/profile") return json(200, { displayName: "Wren Hale", bio: null });
      if (method === "PUT") return json(200, { ...empty, ...(body as object), slug: "wren-h" });
      if (url.startsWith("/api/site-status")) return json(200, {});
      return json(200, url.endsWith("/authors/me") ? empty : []);
    });
    render(
      <WithSwrAndToaster>
        <AuthorProfileCard blog={blog} />
      </WithSwrAndToaster>,
    );
    const name = (await screen.findByLabelText("Author Name")) as HTMLInputElement;
    expect(name.value).toBe("Wren Hale");
    fireEvent.change(name, { target: { value: "" } });
    fireEvent.change(screen.getByLabelText("Profile Links"), {
      target: { value: "https://wren.example\nftp://files.example" },
    });
    fireEvent.click(screen.getByRole("button", { name: "Save Author Profile" }));
    await screen.findByText("Author name is required");
    expect(
      screen.getByText(
        "“ftp://files.example” must be a full http(s) address, like https://example.com/page",
      ),
    ).toBeTruthy();
    expect(calls.filter((c) => c.method === "PUT")).toEqual([]);

    fireEvent.change(name, { target: { value: " Wren H. " } });
    fireEvent.change(screen.getByLabelText("Profile Links"), {
      target: { value: "https://wren.example" },
    });
    fireEvent.click(screen.getByRole("button", { name: "Save Author Profile" }));
    await waitFor(() => expect(calls.filter((c) => c.method === "PUT")).toHaveLength(1));
    expect(calls.find((c) => c.method === "PUT")).toEqual({
      url: `/api/blogs/${blog.id}/authors/me`,
      method: "PUT",
      body: { name: "Wren H.", bio: null, photoId: null, links: ["https://wren.example"] },
    });
    await screen.findByText("Your author page: /author/wren-h. Up to 100 characters.");
  });
});
