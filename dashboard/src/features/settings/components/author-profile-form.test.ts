import type { AuthorProfile } from "@contracts/authors.ts";
import { describe, expect, it } from "vitest";
import { authorProfileFormOf, authorProfileFormSchema } from "./author-profile-form.ts";

const none: AuthorProfile = {
  userId: "u1",
  name: null,
  bio: null,
  photoId: null,
  photoUrl: null,
  links: [],
  slug: null,
};

describe("the Author Profile form", () => {
  it("starts from the account's public name before a profile is saved, then shows the saved one", () => {
    expect(authorProfileFormOf(none, "Wren Hale")).toEqual({
      name: "Wren Hale",
      bio: "",
      photoId: null,
      links: "",
    });
    const saved = {
      ...none,
      name: "Wren H.",
      bio: "Clay.",
      photoId: "m1",
      links: ["https://a.example/x", "https://b.example/y"],
    };
    expect(authorProfileFormOf(saved, "Wren Hale")).toEqual({
      name: "Wren H.",
      bio: "Clay.",
      photoId: "m1",
      links: "https://a.example/x\nhttps://b.example/y",
    });
  });

  it("sends the links a line each, and names each problem as the API does", () => {
    const ok = authorProfileFormSchema.safeParse({
      name: " Wren ",
      bio: "",
      photoId: null,
      links: "https://a.example/x\n\n  https://b.example/y  ",
    });
    expect(ok.success && ok.data).toEqual({
      name: "Wren",
      bio: null,
      photoId: null,
      links: ["https://a.example/x", "https://b.example/y"],
    });
    const bad = authorProfileFormSchema.safeParse({
      name: "",
      bio: "",
      photoId: null,
      links: "https://a.example/x\nftp://files.example/me",
    });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues.map((i) => [i.path.join("."), i.message])).toEqual([
      ["name", "Author name is required"],
      [
        "links",
        "“ftp://files.example/me” must be a full http(s) address, like https://example.com/page",
      ],
    ]);
  });
});
