// @vitest-environment happy-dom

import type { Blog } from "@contracts/blogs.ts";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { blogFixture } from "../../../test/factories.ts";
import { type Call, json, stubFetch } from "../../../test/fetch-stub.ts";
import { cleanUpAfterEach, findToast, WithSwrAndToaster } from "../../../test/render.tsx";
import { BlogDomainsCard, dnsRecordsOf } from "./blog-domains-card.tsx";
import {
  domainButtonLabel,
  domainFieldError,
  sanitizeCustomDomain,
  sanitizeSubdomain,
} from "./domain-fields.ts";

const instructions = {
  cnameTarget: "blogs.example.net",
  addresses: [],
  txtName: "_blogfleet.www.example.com",
  txtValue: "blogfleet-verify=abc123",
};

function renderCard(initial: Blog, answer: (call: Call) => Response) {
  const calls = stubFetch(answer);
  const ui = (value: Blog) => (
    <WithSwrAndToaster>
      <BlogDomainsCard blog={value} />
    </WithSwrAndToaster>
  );
  const view = render(ui(initial));
  const card = () => within(screen.getByRole("region", { name: "Blog Domains" }));
  return {
    calls,
    card,
    rerender: (value: Blog) => view.rerender(ui(value)),
    subdomain: () => card().getByLabelText("Subdomain") as HTMLInputElement,
    customDomain: () => card().getByLabelText("Custom Domain") as HTMLInputElement,
    subdomainButton: () => card().getByRole("button", { name: /subdomain$/ }),
    customDomainButton: () => card().getByRole("button", { name: /custom domain$/ }),
  };
}

cleanUpAfterEach();

describe("domain input rules (spec section 5)", () => {
  it("lower-cases a subdomain and removes everything but a-z, 0-9 and hyphens", () => {
    expect(sanitizeSubdomain("My Blog_1!")).toBe("myblog1");
    expect(sanitizeSubdomain("Trail-Running.2025")).toBe("trail-running2025");
    expect(sanitizeSubdomain("ÜBER blog")).toBe("berblog");
    expect(sanitizeSubdomain("")).toBe("");
  });
  it("only lower-cases a custom domain", () => {
    expect(sanitizeCustomDomain("WWW.Example.COM")).toBe("www.example.com");
    expect(sanitizeCustomDomain("Blog.Example.com ")).toBe("blog.example.com ");
  });
  it("reads 'Saved' when the value equals the stored one, 'Update' otherwise", () => {
    expect(domainButtonLabel("trail", "trail")).toBe("Saved");
    expect(domainButtonLabel("", null)).toBe("Saved");
    expect(domainButtonLabel("trail", null)).toBe("Update");
    expect(domainButtonLabel("", "trail")).toBe("Update");
    expect(domainButtonLabel("trails", "trail")).toBe("Update");
  });
  it("uses the server's messages for values it would refuse", () => {
    expect(domainFieldError("subdomain", "www")).toBe(
      "That subdomain is reserved. Choose another one.",
    );
    expect(domainFieldError("subdomain", "-trail")).toMatch(/cannot start or end with a hyphen/);
    expect(domainFieldError("subdomain", "")).toBeUndefined();
    expect(domainFieldError("customDomain", "example")).toBe(
      "Enter a domain such as blog.example.com",
    );
    expect(domainFieldError("customDomain", "blog.example.com")).toBeUndefined();
  });
  it("lists the CNAME, address and TXT records to create", () => {
    expect(dnsRecordsOf("www.example.com", instructions)).toEqual([
      [{ type: "CNAME", name: "www.example.com", value: "blogs.example.net" }],
      [{ type: "TXT", name: "_blogfleet.www.example.com", value: "blogfleet-verify=abc123" }],
    ]);
    const withAddresses = dnsRecordsOf("example.com", {
      ...instructions,
      addresses: ["203.0.113.7", "2001:db8::7"],
    });
    expect(withAddresses[1]).toEqual([
      { type: "A", name: "example.com", value: "203.0.113.7" },
      { type: "AAAA", name: "example.com", value: "2001:db8::7" },
    ]);
  });
});

describe("Blog Domains card", () => {
  it("sanitizes as typed, sends the subdomain and reads 'Saved' once stored", async () => {
    const stored = blogFixture({ subdomain: "myblog1" });
    const view = renderCard(blogFixture(), (call) =>
      call.method === "PATCH" ? json(200, stored) : json(200, [stored]),
    );
    expect(view.subdomainButton()).toHaveProperty("textContent", "Saved subdomain");
    expect(view.subdomainButton()).toHaveProperty("disabled", true);

    fireEvent.change(view.subdomain(), { target: { value: "My Blog_1!" } });
    expect(view.subdomain().value).toBe("myblog1");
    expect(view.subdomainButton().textContent).toBe("Update subdomain");
    fireEvent.click(view.subdomainButton());

    await findToast("Domain updated");
    expect(view.calls.find((c) => c.method === "PATCH")).toEqual({
      url: "/api/blogs/b1/domain",
      method: "PATCH",
      body: { subdomain: "myblog1" },
    });
    view.rerender(stored);
    expect(view.subdomain().value).toBe("myblog1");
    expect(view.subdomainButton().textContent).toBe("Saved subdomain");

    // Emptying the field clears the subdomain with "".
    fireEvent.change(view.subdomain(), { target: { value: "" } });
    expect(view.subdomainButton().textContent).toBe("Update subdomain");
    fireEvent.click(view.subdomainButton());
    await waitFor(() =>
      expect(view.calls.filter((c) => c.method === "PATCH").at(-1)?.body).toEqual({
        subdomain: "",
      }),
    );
  });

  it("refuses a reserved subdomain without asking the server", async () => {
    const view = renderCard(blogFixture(), () => json(500, {}));
    fireEvent.change(view.subdomain(), { target: { value: "WWW" } });
    fireEvent.click(view.subdomainButton());
    expect(
      await view.card().findByText("That subdomain is reserved. Choose another one."),
    ).toBeTruthy();
    expect(view.subdomain().getAttribute("aria-invalid")).toBe("true");
    expect(view.calls).toEqual([]);
  });

  it("shows the server's conflict message in an 'Error' toast", async () => {
    const view = renderCard(blogFixture(), () =>
      json(409, {
        code: "subdomain_taken",
        message: "That subdomain is taken. Choose another one.",
      }),
    );
    fireEvent.change(view.subdomain(), { target: { value: "trail" } });
    fireEvent.click(view.subdomainButton());
    const toast = await findToast("Error");
    expect(toast.textContent).toContain("That subdomain is taken. Choose another one.");
    expect(view.subdomainButton().textContent).toBe("Update subdomain");
  });

  it("falls back to 'Failed to update domain settings' when the answer is not the API's", async () => {
    const view = renderCard(blogFixture(), () => new Response("Bad gateway", { status: 502 }));
    fireEvent.change(view.customDomain(), { target: { value: "Blog.Example.com" } });
    expect(view.customDomain().value).toBe("blog.example.com");
    fireEvent.click(view.customDomainButton());
    const toast = await findToast("Error");
    expect(toast.textContent).toContain("Failed to update domain settings");
  });

  it("shows the DNS records of an unverified domain and the server's reason when Verify fails", async () => {
    const view = renderCard(
      blogFixture({ customDomain: "www.example.com", domainInstructions: instructions }),
      () =>
        json(400, {
          code: "verification_failed",
          message:
            "No TXT record _blogfleet.www.example.com with the value blogfleet-verify=abc123.",
        }),
    );
    expect(view.customDomainButton().textContent).toBe("Saved custom domain");
    const records = view.card().getByRole("table", { name: "DNS records for www.example.com" });
    expect(within(records).getByText("blogs.example.net")).toBeTruthy();
    expect(within(records).getByText("blogfleet-verify=abc123")).toBeTruthy();
    fireEvent.click(view.card().getByRole("button", { name: "Verify" }));
    expect(view.card().getByRole("button", { name: "Verifying..." })).toBeTruthy();
    const toast = await findToast("Verification failed");
    expect(toast.textContent).toContain("No TXT record _blogfleet.www.example.com");
    expect(view.calls[0]).toMatchObject({ url: "/api/blogs/b1/domain/verify", method: "POST" });
  });

  it("says why a custom domain claim ended, and until when an unverified one lasts", () => {
    const notice =
      "Another blog verified www.example.com first, so it now belongs to that blog and this blog's claim was removed. If the domain is yours, check who controls its DNS records, then set it again.";
    const view = renderCard(blogFixture({ domainNotice: notice }), () => json(500, {}));
    expect(view.card().getByRole("status").textContent).toBe(notice);
    view.rerender(
      blogFixture({
        customDomain: "shop.example.com",
        domainInstructions: instructions,
        domainClaimExpiresAt: "2026-12-01T12:00:00.000Z",
      }),
    );
    expect(view.card().queryByRole("status")).toBeNull();
    expect(
      view.card().getByText(/an unverified claim then expires, and whichever blog verifies/)
        .textContent,
    ).toContain(`Verify by ${new Date("2026-12-01T12:00:00.000Z").toLocaleDateString()}`);
  });

  it("confirms a verified domain with a link to it", () => {
    const view = renderCard(
      blogFixture({ customDomain: "www.example.com", domainVerified: true }),
      () => json(500, {}),
    );
    expect(view.card().getByText("www.example.com is verified.")).toBeTruthy();
    const link = view.card().getByRole("link", { name: /View www\.example\.com/ });
    expect(link.getAttribute("href")).toBe("https://www.example.com/");
    expect(link.getAttribute("target")).toBe("_blank");
    expect(view.card().queryByRole("button", { name: "Verify" })).toBeNull();
  });
});
