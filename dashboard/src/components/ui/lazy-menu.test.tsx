// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { type LazyMenuProps, lazyMenu } from "./lazy-menu.tsx";

/** Stands for a loaded menu: shows what `lazyMenu` passed it. */
function FakeMenu({ trigger, defaultOpen, focusTrigger, note }: LazyMenuProps & { note: string }) {
  return (
    <div
      data-testid="menu"
      data-open={String(Boolean(defaultOpen))}
      data-focus={String(focusTrigger)}
    >
      {trigger}
      {note}
    </div>
  );
}

function setUp() {
  const load = vi.fn(async () => FakeMenu);
  const Menu = lazyMenu(load);
  const onPointerDown = vi.fn();
  render(
    <Menu
      note="loaded"
      trigger={
        <button type="button" onPointerDown={onPointerDown}>
          Actions
        </button>
      }
    />,
  );
  return { load, onPointerDown, trigger: () => screen.getByRole("button", { name: "Actions" }) };
}

afterEach(cleanup);

describe("lazyMenu (decision 172)", () => {
  it("shows the trigger as a closed menu's, without loading the menu", () => {
    const { load, trigger } = setUp();
    expect(trigger().getAttribute("aria-haspopup")).toBe("menu");
    expect(trigger().getAttribute("aria-expanded")).toBe("false");
    expect(trigger().dataset.state).toBe("closed");
    expect(load).not.toHaveBeenCalled();
    expect(screen.queryByTestId("menu")).toBeNull();
  });

  it("pointing at the trigger loads the menu, closed", async () => {
    const { load, trigger } = setUp();
    fireEvent.pointerEnter(trigger());
    const menu = await screen.findByTestId("menu");
    expect(load).toHaveBeenCalledOnce();
    expect(menu.dataset.open).toBe("false");
    expect(menu.textContent).toContain("loaded");
  });

  it("pressing the trigger opens the menu once loaded, and keeps the trigger's own handler", async () => {
    const { onPointerDown, trigger } = setUp();
    fireEvent.pointerDown(trigger(), { button: 0 });
    expect(onPointerDown).toHaveBeenCalledOnce();
    expect((await screen.findByTestId("menu")).dataset.open).toBe("true");
  });

  it("a right click does not open it; Enter opens it from the keyboard, asking for focus", async () => {
    const { trigger } = setUp();
    fireEvent.pointerDown(trigger(), { button: 2 });
    fireEvent.keyDown(trigger(), { key: "Enter" });
    const menu = await screen.findByTestId("menu");
    expect(menu.dataset.open).toBe("true");
    expect(menu.dataset.focus).toBe("true");
  });

  it("a failed load leaves the trigger in place and tries again on the next intent", async () => {
    const load = vi
      .fn<() => Promise<typeof FakeMenu>>()
      .mockRejectedValueOnce(new Error("offline"))
      .mockResolvedValue(FakeMenu);
    const Menu = lazyMenu(load);
    const { rerender } = render(
      <Menu key="a" note="loaded" trigger={<button type="button">Actions</button>} />,
    );
    fireEvent.pointerEnter(screen.getByRole("button", { name: "Actions" }));
    await waitFor(() => expect(load).toHaveBeenCalledOnce());
    expect(screen.queryByTestId("menu")).toBeNull();
    rerender(<Menu key="b" note="loaded" trigger={<button type="button">Actions</button>} />);
    fireEvent.pointerEnter(screen.getByRole("button", { name: "Actions" }));
    await screen.findByTestId("menu");
    expect(load).toHaveBeenCalledTimes(2);
  });
});
