// @vitest-environment happy-dom

import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { blogFixture } from "../../../test/factories.ts";
import { json, stubFetch } from "../../../test/fetch-stub.ts";
import { cleanUpAfterEach, WithSwrAndToaster } from "../../../test/render.tsx";
import { BlogVoiceCard } from "./blog-voice-card.tsx";

const blog = blogFixture({ name: "Balcony Gardens", slug: "balcony-gardens" });
const voice = {
  personaName: "Mara Quell",
  personaBio: null,
  personaCredentials: null,
  personaLinks: [],
  personaPhotoId: null,
  personaPhotoUrl: null,
  personaResponsibleUserId: null,
  tone: null,
  readingLevel: null,
  wordsToUse: [],
  wordsToAvoid: [],
  examplePostIds: [],
  examples: [],
  sourceUrls: [],
  sourceNotes: [],
};
const person = (userId: string, role: string, name: string | null, publicName: string | null) => ({
  userId,
  role,
  name,
  publicName,
  bio: null,
  photoId: null,
  photoUrl: null,
  links: [],
  slug: null,
});

cleanUpAfterEach();

describe("the persona's responsible person", () => {
  it("offers the owner and the editors only, by the names readers see, and saves the choice", async () => {
    const calls = stubFetch(({ url, method, body }) => {
      if (method === "PUT") return json(200, { ...voice, ...(body as object) });
      if (url.endsWith("/voice")) return json(200, voice);
      if (url.endsWith("/authors"))
        return json(200, [
          person("o1", "owner", null, "Olive Root"),
          person("e1", "editor", "Eda Stone", "Eda S."),
          person("e2", "editor", null, null),
          person("w1", "writer", "Wren Hale", null),
        ]);
      if (url.includes("/posts?"))
        return json(200, {
          posts: [],
          nextCursor: null,
          counts: { all: 0, draft: 0, under_review: 0, published: 0, scheduled: 0 },
        });
      return json(200, []);
    });
    render(
      <WithSwrAndToaster>
        <BlogVoiceCard blog={blog} />
      </WithSwrAndToaster>,
    );
    const select = (await screen.findByLabelText("Responsible Person")) as HTMLSelectElement;
    await waitFor(() => expect(select.options.length).toBe(3));
    expect([...select.options].map((o) => [o.value, o.textContent])).toEqual([
      ["", "Olive Root (Owner)"],
      ["e1", "Eda Stone (Editor)"],
      ["e2", "No public name yet (Editor)"],
    ]);
    fireEvent.change(select, { target: { value: "e1" } });
    fireEvent.click(screen.getByRole("button", { name: /save/i }));
    await waitFor(() => expect(calls.filter((c) => c.method === "PUT")).toHaveLength(1));
    expect(calls.find((c) => c.method === "PUT")?.body).toMatchObject({
      personaName: "Mara Quell",
      personaResponsibleUserId: "e1",
    });
  });
});
