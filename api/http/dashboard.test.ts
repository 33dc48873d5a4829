import { describe, expect, it } from "vitest";
import { dashboardShell } from "./dashboard.ts";

describe("the dashboard's page", () => {
  it("carries the server's blog domain, escaped", () => {
    const shell = dashboardShell("<html><head><title>x</title></head></html>", {
      BLOG_DOMAIN: 'Blogs.Example.com"><script>',
    });
    expect(shell).toContain(
      '<head>\n    <meta name="blogfleet:blog-domain" content="Blogs.Example.com&quot;&gt;&lt;script&gt;" />',
    );
    expect(shell).not.toContain("<script>");
  });
});
