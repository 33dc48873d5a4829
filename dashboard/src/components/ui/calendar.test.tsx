// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Calendar, isPastDay } from "./calendar.tsx";

afterEach(cleanup);

const today = new Date(2030, 4, 15, 18, 0);

describe("isPastDay", () => {
  it("compares by day, so today stays pickable whatever the time", () => {
    expect(isPastDay(new Date(2030, 4, 14, 23, 59), today)).toBe(true);
    expect(isPastDay(new Date(2030, 4, 15, 0, 0), today)).toBe(false);
    expect(isPastDay(new Date(2030, 4, 16), today)).toBe(false);
  });
});

describe("Calendar", () => {
  it("marks past days disabled and does not pick them", () => {
    const onSelect = vi.fn();
    render(<Calendar selected={undefined} onSelect={onSelect} today={today} />);
    const past = screen.getByRole("button", { name: "Tuesday, May 14, 2030" });
    expect(past.getAttribute("aria-disabled")).toBe("true");
    fireEvent.click(past);
    expect(onSelect).not.toHaveBeenCalled();

    const future = screen.getByRole("button", { name: "Monday, May 20, 2030" });
    expect(future.getAttribute("aria-disabled")).toBeNull();
    fireEvent.click(future);
    expect(onSelect).toHaveBeenCalledWith(new Date(2030, 4, 20));
  });

  it("cannot go back before the current month, and moves forward", () => {
    render(<Calendar selected={undefined} onSelect={() => {}} today={today} />);
    expect(
      (screen.getByRole("button", { name: "Previous month" }) as HTMLButtonElement).disabled,
    ).toBe(true);
    fireEvent.click(screen.getByRole("button", { name: "Next month" }));
    expect(screen.getByText("June 2030")).toBeTruthy();
  });

  it("moves between days with the arrow keys", () => {
    render(<Calendar selected={new Date(2030, 4, 20)} onSelect={() => {}} today={today} />);
    const start = screen.getByRole("button", { name: "Monday, May 20, 2030" });
    expect(start.tabIndex).toBe(0);
    start.focus();
    fireEvent.keyDown(start, { key: "ArrowRight" });
    expect(screen.getByRole("button", { name: "Tuesday, May 21, 2030" }).tabIndex).toBe(0);
  });
});
