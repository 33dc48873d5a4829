// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from "vitest";
import { blogDomain, subdomainUrl } from "./blog-domain.ts";

afterEach(() => {
  for (const meta of document.querySelectorAll('meta[name="blogfleet:blog-domain"]')) meta.remove();
});

describe("the blog domain", () => {
  it("is the one the server wrote into the page (api/http/dashboard.ts dashboardShell), else the page's own host", () => {
    expect(blogDomain()).toBe(window.location.hostname);
    document.head.insertAdjacentHTML(
      "afterbegin",
      '<meta name="blogfleet:blog-domain" content="Blogs.Example.com" />',
    );
    expect(blogDomain()).toBe("blogs.example.com");
    expect(subdomainUrl("trail")).toBe("https://trail.blogs.example.com/");
  });
});
