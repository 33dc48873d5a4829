// @vitest-environment happy-dom

import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { blogFixture } from "../../../test/factories.ts";
import { type Call, json, stubFetch } from "../../../test/fetch-stub.ts";
import { cleanUpAfterEach, findToast, WithSwrAndToaster } from "../../../test/render.tsx";
import { CreateBlogDialog, validateCreateBlog } from "./create-blog-dialog.tsx";

function renderDialog(answer: (call: Call) => Promise<Response>) {
  const calls = stubFetch(answer);
  const onCreated = vi.fn();
  const onOpenChange = vi.fn();
  render(
    <WithSwrAndToaster>
      <CreateBlogDialog open onOpenChange={onOpenChange} onCreated={onCreated} />
    </WithSwrAndToaster>,
  );
  const dialog = screen.getByRole("dialog");
  return {
    calls,
    onCreated,
    onOpenChange,
    dialog,
    name: within(dialog).getByLabelText("Blog Name"),
    description: within(dialog).getByLabelText("Description (Optional)"),
    submit: within(dialog).getByRole("button", { name: "Create Blog" }),
  };
}

cleanUpAfterEach();

describe("validateCreateBlog uses the shared contract's messages (spec section 5)", () => {
  it("requires a name", () => {
    expect(validateCreateBlog({ name: "", description: "" })).toEqual({
      name: "Blog name is required",
    });
    expect(validateCreateBlog({ name: "   ", description: "" })).toEqual({
      name: "Blog name is required",
    });
  });
  it("limits name and description with the generic messages", () => {
    expect(validateCreateBlog({ name: "x".repeat(101), description: "y".repeat(501) })).toEqual({
      name: "String must contain at most 100 character(s)",
      description: "String must contain at most 500 character(s)",
    });
    expect(validateCreateBlog({ name: "x".repeat(100), description: "y".repeat(500) })).toEqual({});
  });
});

describe("CreateBlogDialog", () => {
  it("shows the texts of the spec", () => {
    const { dialog } = renderDialog(async () => json(201, blogFixture()));
    expect(within(dialog).getByText("Blog Name")).toBeTruthy();
    expect(within(dialog).getByText("Description (Optional)")).toBeTruthy();
    expect(within(dialog).getByRole("button", { name: "Cancel" })).toBeTruthy();
    expect(within(dialog).getByRole("button", { name: "Create Blog" })).toBeTruthy();
  });

  it("shows the required message under the name and sends nothing", async () => {
    const { submit, name, calls } = renderDialog(async () => json(201, blogFixture()));
    fireEvent.click(submit);
    const message = await screen.findByText("Blog name is required");
    expect(name.getAttribute("aria-invalid")).toBe("true");
    expect(name.getAttribute("aria-describedby")).toBe(message.id);
    expect(calls).toHaveLength(0);

    // The message goes away as soon as the name is fixed.
    fireEvent.change(name, { target: { value: "Trail" } });
    await waitFor(() => expect(screen.queryByText("Blog name is required")).toBeNull());
  });

  it("shows the maximum-length messages under each field", async () => {
    const { submit, name, description, calls } = renderDialog(async () => json(201, blogFixture()));
    fireEvent.change(name, { target: { value: "n".repeat(101) } });
    fireEvent.change(description, { target: { value: "d".repeat(501) } });
    fireEvent.click(submit);
    expect(await screen.findByText("String must contain at most 100 character(s)")).toBeTruthy();
    expect(screen.getByText("String must contain at most 500 character(s)")).toBeTruthy();
    expect(description.getAttribute("aria-invalid")).toBe("true");
    expect(calls).toHaveLength(0);
  });

  it("creates the blog, reads 'Creating...' meanwhile, hands the blog on and says so", async () => {
    let answer: (response: Response) => void = () => {};
    const created = blogFixture({ id: "new", name: "Trail Running Weekly", description: "Gear" });
    const { submit, name, description, calls, onCreated, onOpenChange } = renderDialog(
      () => new Promise<Response>((resolve) => (answer = resolve)),
    );
    fireEvent.change(name, { target: { value: "  Trail Running Weekly " } });
    fireEvent.change(description, { target: { value: "Gear" } });
    fireEvent.click(submit);

    const pending = await screen.findByRole("button", { name: "Creating..." });
    expect((pending as HTMLButtonElement).disabled).toBe(true);
    expect(calls[0]?.url).toBe("/api/blogs");
    expect(calls[0]?.method).toBe("POST");
    expect(calls[0]?.body).toEqual({
      name: "Trail Running Weekly",
      description: "Gear",
      // The browser's time zone becomes the blog's (decision 140).
      timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    });

    answer(json(201, created));
    await waitFor(() => expect(onCreated).toHaveBeenCalledWith(created));
    expect(onOpenChange).toHaveBeenCalledWith(false);
    const toast = await findToast("Blog created");
    expect(toast.textContent).toContain("Trail Running Weekly has been created successfully.");
  });

  it("shows the server's message in a destructive 'Error' toast", async () => {
    const { submit, name, onCreated } = renderDialog(async () =>
      json(400, {
        code: "validation_failed",
        message: "name: String must contain at most 100 character(s)",
        issues: [{ path: "name", message: "String must contain at most 100 character(s)" }],
      }),
    );
    fireEvent.change(name, { target: { value: "Trail" } });
    fireEvent.click(submit);
    const toast = await findToast("Error");
    expect(toast.dataset.variant).toBe("destructive");
    // The field's label, never its internal name (issue 16).
    expect(toast.textContent).toContain("Name: String must contain at most 100 character(s)");
    expect(toast.textContent).not.toContain("name:");
    expect(screen.getByText("String must contain at most 100 character(s)")).toBeTruthy();
    expect(onCreated).not.toHaveBeenCalled();
    expect(screen.getByRole("button", { name: "Create Blog" })).toBeTruthy();
  });

  it("falls back to 'Failed to create blog' when the server cannot be reached", async () => {
    const { submit, name } = renderDialog(async () => {
      throw new TypeError("Failed to fetch");
    });
    fireEvent.change(name, { target: { value: "Trail" } });
    fireEvent.click(submit);
    const toast = await findToast("Error");
    expect(toast.textContent).toContain("Failed to create blog");
  });
});
