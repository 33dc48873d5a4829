// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Toaster } from "../../../components/ui/toaster.tsx";
import { resetToasts } from "../../../components/ui/use-toast.ts";
import { linkChanges } from "./link-form.ts";
import { LinkFormDialog } from "./link-form-dialog.tsx";

afterEach(() => {
  cleanup();
  resetToasts();
});

/** The open toast (Radix also announces its text in a hidden live region). */
function findToast(title: string) {
  return waitFor(() => {
    const toast = document.querySelector<HTMLElement>('[data-slot="toast"][data-state="open"]');
    expect(toast?.textContent).toContain(title);
    return toast as HTMLElement;
  });
}

function renderDialog(mode: "create" | "edit" = "create") {
  const onSubmit = vi.fn(async () => {});
  render(
    <>
      <LinkFormDialog
        mode={mode}
        initial={
          mode === "edit"
            ? { keyword: "skillet", url: "https://shop.example.com/", autoInsert: false }
            : undefined
        }
        onOpenChange={() => {}}
        onSubmit={onSubmit}
      />
      <Toaster />
    </>,
  );
  const dialog = screen.getByRole("dialog");
  return {
    onSubmit,
    dialog,
    keyword: within(dialog).getByLabelText("Keyword") as HTMLInputElement,
    url: within(dialog).getByLabelText("Target URL") as HTMLInputElement,
    autoInsert: within(dialog).getByRole("switch", { name: "Auto-Insert" }),
  };
}

describe("linkChanges", () => {
  it("keeps only what the edit changed", () => {
    const link = { keyword: "pan", url: "https://a.example/", autoInsert: true };
    expect(linkChanges(link, { ...link })).toEqual({});
    expect(linkChanges(link, { ...link, url: "https://b.example/" })).toEqual({
      url: "https://b.example/",
    });
    expect(linkChanges(link, { keyword: "Pan", url: link.url, autoInsert: false })).toEqual({
      keyword: "Pan",
      autoInsert: false,
    });
  });

  it("sends a sub-ID that was set, changed or cleared, and nothing for one left alone", () => {
    const link = {
      keyword: "pan",
      url: "https://a.example/",
      autoInsert: true,
      subIdParam: null,
      subIdTemplate: null,
    };
    const form = { keyword: "pan", url: "https://a.example/", autoInsert: true };
    expect(linkChanges(link, { ...form, subIdParam: "", subIdTemplate: "" })).toEqual({});
    expect(linkChanges(link, { ...form, subIdParam: "tag", subIdTemplate: "{post}" })).toEqual({
      subIdParam: "tag",
      subIdTemplate: "{post}",
    });
    const withSubId = { ...link, subIdParam: "tag", subIdTemplate: "{post}" };
    expect(linkChanges(withSubId, { ...form, subIdParam: "", subIdTemplate: "{post}" })).toEqual({
      subIdParam: "",
    });
  });
});

describe("LinkFormDialog", () => {
  it("is 'Create Affiliate Link' with auto-insert on by default", () => {
    const { dialog, autoInsert } = renderDialog();
    expect(within(dialog).getByRole("heading", { name: "Create Affiliate Link" })).toBeTruthy();
    expect(autoInsert.getAttribute("aria-checked")).toBe("true");
  });

  it("refuses a blank keyword with the toast, marks and focuses it, and sends nothing", async () => {
    const { dialog, keyword, url, onSubmit } = renderDialog();
    fireEvent.change(keyword, { target: { value: "   " } });
    fireEvent.change(url, { target: { value: "https://shop.example.com/" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Create Link" }));
    const toast = await findToast("Required fields missing");
    expect(toast.textContent).toContain("Please enter both keyword and URL.");
    expect(toast.dataset.variant).toBe("destructive");
    expect(keyword.getAttribute("aria-invalid")).toBe("true");
    expect(url.getAttribute("aria-invalid")).toBeNull();
    expect(document.activeElement).toBe(keyword);
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("refuses a blank URL in the edit dialog too", async () => {
    const { dialog, url, onSubmit } = renderDialog("edit");
    expect(within(dialog).getByRole("heading", { name: "Edit Affiliate Link" })).toBeTruthy();
    fireEvent.change(url, { target: { value: " " } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Save Changes" }));
    await findToast("Required fields missing");
    expect(url.getAttribute("aria-invalid")).toBe("true");
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("submits trimmed values with the switch's state", async () => {
    const { dialog, keyword, url, autoInsert, onSubmit } = renderDialog();
    fireEvent.change(keyword, { target: { value: " cast iron skillet " } });
    fireEvent.change(url, { target: { value: " https://shop.example.com/?ref=1 " } });
    fireEvent.click(autoInsert);
    fireEvent.click(within(dialog).getByRole("button", { name: "Create Link" }));
    await waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith({
        keyword: "cast iron skillet",
        url: "https://shop.example.com/?ref=1",
        autoInsert: false,
      }),
    );
  });

  it("refuses a URL the contract refuses with its message, in a toast and under the field", async () => {
    const { dialog, keyword, url, onSubmit } = renderDialog();
    fireEvent.change(keyword, { target: { value: "skillet" } });
    fireEvent.change(url, { target: { value: "javascript:alert(1)" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Create Link" }));
    const toast = await findToast("URL must be an absolute http(s) address");
    expect(toast.dataset.variant).toBe("destructive");
    const message = within(dialog).getByText("URL must be an absolute http(s) address");
    expect(url.getAttribute("aria-invalid")).toBe("true");
    expect(url.getAttribute("aria-describedby")).toBe(message.id);
    expect(keyword.getAttribute("aria-invalid")).toBeNull();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("marks only the blank fields when one is blank and another is malformed", async () => {
    const { dialog, keyword, url, onSubmit } = renderDialog();
    fireEvent.change(keyword, { target: { value: " " } });
    fireEvent.change(url, { target: { value: "javascript:alert(1)" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Create Link" }));
    await findToast("Required fields missing");
    expect(keyword.getAttribute("aria-invalid")).toBe("true");
    expect(url.getAttribute("aria-invalid")).toBeNull();
    expect(document.activeElement).toBe(keyword);
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
