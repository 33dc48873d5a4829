// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { LinkHealthBadge } from "../../../components/link-health-badge.tsx";
import { ReplaceLinkDialog } from "./replace-link-dialog.tsx";

afterEach(cleanup);

const dead = "https://dead-shop.example.com/bin";

function renderDialog() {
  const onReplace = vi.fn(async () => {});
  const onOpenChange = vi.fn();
  render(<ReplaceLinkDialog from={dead} onOpenChange={onOpenChange} onReplace={onReplace} />);
  const dialog = screen.getByRole("dialog");
  return {
    onReplace,
    onOpenChange,
    dialog,
    from: within(dialog).getByLabelText("Old address") as HTMLInputElement,
    to: within(dialog).getByLabelText("New address") as HTMLInputElement,
    submit: within(dialog).getByRole("button", { name: "Replace Everywhere" }),
  };
}

describe("ReplaceLinkDialog", () => {
  it("starts from the broken address and sends the new one", async () => {
    const { from, to, submit, onReplace, onOpenChange } = renderDialog();
    expect(from.value).toBe(dead);
    fireEvent.change(to, { target: { value: "https://shop.example.com/bin" } });
    fireEvent.click(submit);
    await waitFor(() =>
      expect(onReplace).toHaveBeenCalledWith({ from: dead, to: "https://shop.example.com/bin" }),
    );
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
  });

  it("refuses a new address that is not one, or the same one, with the contract's words", async () => {
    const { to, submit, onReplace, dialog } = renderDialog();
    fireEvent.change(to, { target: { value: "not a url" } });
    fireEvent.click(submit);
    expect(await within(dialog).findByText("To must be an absolute http(s) address")).toBeTruthy();
    fireEvent.change(to, { target: { value: dead } });
    fireEvent.click(submit);
    expect(
      await within(dialog).findByText("The new address must differ from the old one"),
    ).toBeTruthy();
    expect(onReplace).not.toHaveBeenCalled();
  });
});

describe("LinkHealthBadge", () => {
  it("names the outcome, with the status code when the link is not working", () => {
    render(
      <>
        <LinkHealthBadge health={{ status: "broken", httpStatus: 410 }} />
        <LinkHealthBadge health={{ status: "ok", httpStatus: 200 }} />
        <LinkHealthBadge health={null} />
      </>,
    );
    expect(screen.getByText("Broken (410)")).toBeTruthy();
    expect(screen.getByText("Working")).toBeTruthy();
    expect(screen.getByText("Not checked yet")).toBeTruthy();
  });
});
