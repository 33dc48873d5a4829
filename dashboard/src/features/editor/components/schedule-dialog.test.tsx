// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { combineDateAndTime, pastTimeProblem, ScheduleDialog } from "./schedule-dialog.tsx";

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe("past times", () => {
  it("refuses a moment that is not ahead of now", () => {
    const now = new Date(2030, 0, 31, 15, 30);
    expect(pastTimeProblem(combineDateAndTime(now, "15:29"), now)).toMatch(
      /^Choose a time later than now \(3:30 PM\)\.$/,
    );
    expect(pastTimeProblem(combineDateAndTime(now, "15:30"), now)).not.toBeNull();
    expect(pastTimeProblem(combineDateAndTime(now, "15:31"), now)).toBeNull();
  });
});

describe("ScheduleDialog", () => {
  it("does not schedule a time already past, and says why at the time input", async () => {
    // Midday, so that both a past and a later time exist on the same day.
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date(2030, 0, 31, 12, 0));
    const onSchedule = vi.fn(async () => true);
    const past = new Date(2030, 0, 31, 11, 59).toISOString();
    render(
      <ScheduleDialog
        open
        onOpenChange={() => {}}
        current={past}
        isPending={false}
        onSchedule={onSchedule}
        onClear={async () => true}
      />,
    );
    fireEvent.click(screen.getByRole("button", { name: "Schedule" }));
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toMatch(/^Choose a time later than now/);
    const input = screen.getByLabelText("Publish time");
    expect(input.getAttribute("aria-invalid")).toBe("true");
    expect(onSchedule).not.toHaveBeenCalled();

    // A later time the same day is accepted.
    expect(input.getAttribute("min")).toBe("12:01");
    fireEvent.change(input, { target: { value: "14:00" } });
    expect(screen.queryByRole("alert")).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Schedule" }));
    await waitFor(() => expect(onSchedule).toHaveBeenCalledTimes(1));
    expect(onSchedule).toHaveBeenCalledWith(new Date(2030, 0, 31, 14, 0));
  });
});
