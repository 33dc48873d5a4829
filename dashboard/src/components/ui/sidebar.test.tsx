// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { SidebarMenuButton, SidebarProvider, SidebarTrigger } from "./sidebar.tsx";

afterEach(cleanup);

const item = (open: boolean) => (
  <SidebarProvider defaultOpen={open}>
    <SidebarMenuButton asChild tooltip="Affiliate Links">
      <a href="/affiliate-links">Affiliate Links</a>
    </SidebarMenuButton>
  </SidebarProvider>
);

describe("SidebarMenuButton's tooltip (decision 172)", () => {
  it("has none while the sidebar is expanded: the label is shown", async () => {
    render(item(true));
    fireEvent.pointerMove(screen.getByRole("link"), { pointerType: "mouse" });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByRole("link").dataset.state).toBeUndefined();
    expect(screen.queryByRole("tooltip")).toBeNull();
  });

  // First of the collapsed cases: the tooltip's code loads once per test file.
  it("collapsed, opens when the pointer came onto the button before the code", async () => {
    render(item(false));
    fireEvent.pointerEnter(screen.getByRole("link"));
    expect((await screen.findByRole("tooltip")).textContent).toBe("Affiliate Links");
  });

  it("collapsed, opens on the pointer once its code is there", async () => {
    render(item(false));
    await waitFor(() => expect(screen.getByRole("link").dataset.state).toBe("closed"));
    fireEvent.pointerMove(screen.getByRole("link"), { pointerType: "mouse" });
    expect((await screen.findByRole("tooltip")).textContent).toBe("Affiliate Links");
  });
});

describe("the sidebar's Ctrl/Cmd+B shortcut", () => {
  const shell = (
    <SidebarProvider defaultOpen>
      <SidebarTrigger />
      <input aria-label="Title" />
      <textarea aria-label="Notes" />
      <div contentEditable suppressContentEditableWarning>
        Editable text
      </div>
    </SidebarProvider>
  );
  const expanded = () =>
    screen.getByRole("button", { name: "Toggle Sidebar" }).getAttribute("aria-expanded");

  it("toggles the sidebar when no field has the keyboard", () => {
    render(shell);
    fireEvent.keyDown(document.body, { key: "b", ctrlKey: true });
    expect(expanded()).toBe("false");
    fireEvent.keyDown(document.body, { key: "B", metaKey: true });
    expect(expanded()).toBe("true");
  });

  it("leaves it alone in a text field, a textarea and editable text (Bold there)", () => {
    render(shell);
    for (const field of [
      screen.getByRole("textbox", { name: "Title" }),
      screen.getByRole("textbox", { name: "Notes" }),
      screen.getByText("Editable text"),
    ]) {
      fireEvent.keyDown(field, { key: "b", ctrlKey: true });
      expect(expanded()).toBe("true");
    }
  });
});
