// @vitest-environment happy-dom

import { cleanup, render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import RichTextEditor from "./rich-text-editor.tsx";

afterEach(cleanup);

describe("RichTextEditor", () => {
  it("shows post HTML as formatted content and takes a new value from outside without reporting a change", async () => {
    const onChange = vi.fn();
    const { rerender } = render(
      <RichTextEditor
        value="<h2>Plan</h2><p>Dig <em>deep</em>.</p><script>x()</script>"
        onChange={onChange}
      />,
    );
    const content = await screen.findByRole("textbox", { name: "Content" });
    await waitFor(() => expect(content.querySelector("h2")?.textContent).toBe("Plan"));
    expect(content.querySelector("em")?.textContent).toBe("deep");
    expect(content.innerHTML).not.toContain("script");

    // 'Generate with AI' sets the field: the editor shows it formatted, not as markup.
    rerender(<RichTextEditor value="<p>AI <strong>draft</strong></p>" onChange={onChange} />);
    await waitFor(() => expect(content.querySelector("strong")?.textContent).toBe("draft"));
    expect(content.textContent).not.toContain("<p>");
    expect(onChange).not.toHaveBeenCalled();
  });

  it("has the spec's toolbar buttons with their names, and disables them in view mode", async () => {
    render(<RichTextEditor value="<p>x</p>" onChange={() => {}} readOnly />);
    const toolbar = await screen.findByRole("toolbar", { name: "Formatting" });
    for (const name of [
      "Bold",
      "Italic",
      "Underline",
      "Heading",
      "Bulleted list",
      "Numbered list",
      "Link",
      "Image",
      "Code",
    ]) {
      const button = Array.from(toolbar.querySelectorAll("button")).find(
        (b) => b.textContent === name,
      );
      expect(button, name).toBeDefined();
      expect(button?.disabled, name).toBe(true);
    }
    expect(screen.getByRole("textbox", { name: "Content" }).getAttribute("contenteditable")).toBe(
      "false",
    );
  });
});
