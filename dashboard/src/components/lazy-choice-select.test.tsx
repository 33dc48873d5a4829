// @vitest-environment happy-dom
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ChoiceSelectStandIn, LazyChoiceSelect } from "./lazy-choice-select.tsx";

afterEach(cleanup);

const choices = [
  { value: "all", label: "All Status" },
  { value: "draft", label: "Draft" },
];

function Labelled({ children }: { children: React.ReactNode }) {
  return (
    <>
      <span id="filter">Filter by status</span>
      {children}
    </>
  );
}

describe("LazyChoiceSelect", () => {
  it("stands in with the closed trigger and the current choice, taking no input", () => {
    const onValueChange = vi.fn();
    render(
      <Labelled>
        <ChoiceSelectStandIn
          labelledBy="filter"
          value="draft"
          onValueChange={onValueChange}
          choices={choices}
        />
      </Labelled>,
    );
    const trigger = screen.getByRole("combobox", { name: "Filter by status" });
    expect(trigger.textContent).toBe("Draft");
    expect(trigger.getAttribute("aria-expanded")).toBe("false");
    expect(trigger.getAttribute("aria-disabled")).toBe("true");
    trigger.click();
    expect(onValueChange).not.toHaveBeenCalled();
  });

  it("is replaced by the select once its code is in, with the same name and value", async () => {
    render(
      <Labelled>
        <LazyChoiceSelect
          labelledBy="filter"
          value="all"
          onValueChange={() => {}}
          choices={choices}
        />
      </Labelled>,
    );
    // The stand-in first: the screen does not wait for the select's code.
    expect(
      screen.getByRole("combobox", { name: "Filter by status" }).getAttribute("aria-disabled"),
    ).toBe("true");
    await vi.waitFor(() =>
      expect(
        screen.getByRole("combobox", { name: "Filter by status" }).hasAttribute("aria-disabled"),
      ).toBe(false),
    );
    expect(screen.getByRole("combobox", { name: "Filter by status" }).textContent).toBe(
      "All Status",
    );
  });
});
