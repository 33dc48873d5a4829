// @vitest-environment happy-dom
import { cleanup, render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { authorInitials, type CardPost, cardExcerpt, PostCard } from "./post-card.tsx";
import { PostStatusBadge } from "./post-status-badge.tsx";

afterEach(cleanup);

const post = (over: Partial<CardPost> = {}): CardPost => ({
  id: "p1",
  blogId: "b1",
  authorId: "u1",
  author: { name: "Ada Lovelace", avatarUrl: null },
  title: "Hill repeats",
  excerpt: "Why hills make you faster.",
  status: "draft",
  slug: "hill-repeats",
  categoryId: null,
  scheduledPublishAt: null,
  publishedAt: null,
  createdAt: "2030-03-04T10:00:00.000Z",
  updatedAt: "2030-03-04T10:00:00.000Z",
  reviewReasons: [],
  ...over,
});

describe("cardExcerpt", () => {
  it("shows the excerpt when there is one", () => {
    expect(cardExcerpt({ excerpt: "Short and sweet.", content: "<p>Other</p>" })).toBe(
      "Short and sweet.",
    );
  });

  it("falls back to the first 150 characters of the tag-stripped content plus an ellipsis", () => {
    const words = "word ".repeat(60).trim();
    const result = cardExcerpt({ excerpt: "", content: `<p><strong>${words}</strong></p>` });
    expect(result).toBe(`${words.slice(0, 150)}...`);
    expect(result).not.toContain("<");
  });

  it("adds the ellipsis to short content too, and is empty without any text", () => {
    expect(cardExcerpt({ excerpt: "  ", content: "<h2>Hi</h2> <p>there</p>" })).toBe("Hi there...");
    expect(cardExcerpt({ excerpt: "", content: "<p></p>" })).toBe("");
  });
});

describe("PostStatusBadge", () => {
  it.each([
    ["draft", "Draft"],
    ["under_review", "Under Review"],
    ["published", "Published"],
  ] as const)("labels %s as %s with its own colour", (status, label) => {
    render(<PostStatusBadge status={status} />);
    const badge = screen.getByText(label);
    expect(badge.getAttribute("data-status")).toBe(status);
  });

  it("gives every status a different colour", () => {
    const { container } = render(
      <>
        <PostStatusBadge status="draft" />
        <PostStatusBadge status="under_review" />
        <PostStatusBadge status="published" />
      </>,
    );
    const classes = [...container.querySelectorAll("span")].map((s) => s.className);
    expect(new Set(classes).size).toBe(3);
  });
});

describe("PostCard", () => {
  const renderCard = (p: CardPost, currentUserId?: string) =>
    render(
      <MemoryRouter>
        <PostCard post={p} categoryName="Training" currentUserId={currentUserId} />
      </MemoryRouter>,
    );

  it("shows 'You' on the owner's posts, the author's initials, category, date and links", () => {
    renderCard(post(), "u1");
    expect(screen.getByText("You")).toBeTruthy();
    expect(screen.getByText("AD")).toBeTruthy();
    expect(screen.getByText("Training")).toBeTruthy();
    expect(screen.getByText("Mar 4, 2030")).toBeTruthy();
    expect(screen.getByRole("link", { name: "View Hill repeats" }).getAttribute("href")).toBe(
      "/editor?id=p1&mode=view",
    );
    expect(screen.getByRole("link", { name: "Edit Hill repeats" }).getAttribute("href")).toBe(
      "/editor?id=p1",
    );
  });

  it("shows another author's name and the scheduled chip", () => {
    renderCard(post({ scheduledPublishAt: new Date(2030, 5, 7, 15, 30).toISOString() }), "u2");
    expect(screen.getByText("Ada Lovelace")).toBeTruthy();
    expect(screen.getByText("Scheduled for Jun 7, 3:30 PM")).toBeTruthy();
  });

  it("says why automation held a post under review, and nothing for other posts", () => {
    const reasons = [
      { id: "offline-writer", label: "Offline draft", reason: "Written by the offline writer." },
      { id: "readability", label: "Readability", reason: "Flesch reading ease 41." },
    ];
    renderCard(post({ status: "under_review", reviewReasons: reasons }));
    const note = screen.getByText(/Held for review by automation/);
    expect(note.textContent).toBe("Held for review by automation: Offline draft, Readability");
    cleanup();
    renderCard(post({ status: "under_review" }));
    expect(screen.queryByText(/Held for review/)).toBeNull();
  });

  it("takes the first two letters of the name for the avatar", () => {
    expect(authorInitials("ada")).toBe("AD");
    expect(authorInitials("")).toBe("U");
  });
});
