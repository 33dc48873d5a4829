// @vitest-environment happy-dom

import type { Blog } from "@contracts/blogs.ts";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { SWRConfig } from "swr";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Toaster } from "../../../components/ui/toaster.tsx";
import { resetToasts } from "../../../components/ui/use-toast.ts";
import { swrConfig } from "../../../lib/swr-config.ts";
import { AiDisclosureCard } from "./ai-disclosure-card.tsx";
import { profileProblems } from "./public-profile-form.tsx";

const blog: Blog = {
  id: "b1",
  name: "Balcony Gardens",
  description: null,
  slug: "balcony-gardens",
  subdomain: null,
  customDomain: null,
  domainVerified: false,
  primaryColor: "#df7020",
  fontFamily: "IBM Plex Serif",
  aiDisclosure: true,
  domainClaimExpiresAt: null,
  domainNotice: null,
  domainInstructions: null,
  logoUrl: null,
  createdAt: "2025-01-01T00:00:00.000Z",
};

afterEach(() => {
  cleanup();
  resetToasts();
  vi.unstubAllGlobals();
});

describe("AI disclosure card", () => {
  it("turns the note off for the blog with one PATCH and says so", async () => {
    const calls: { url: string; method: string; body: unknown }[] = [];
    vi.stubGlobal("fetch", async (url: string, init?: RequestInit) => {
      const method = init?.method ?? "GET";
      const body = init?.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({ url, method, body });
      return new Response(JSON.stringify(method === "PATCH" ? { ...blog, ...body } : []), {
        status: 200,
        headers: { "Content-Type": "application/json" },
      });
    });
    render(
      <SWRConfig value={{ ...swrConfig, provider: () => new Map() }}>
        <AiDisclosureCard blog={blog} />
        <Toaster />
      </SWRConfig>,
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
