import { format } from "date-fns";
import { describe, expect, it } from "vitest";
import { formatDay, formatDayAndTime } from "./format-date.ts";

describe("post card dates", () => {
  // Midnight, noon, single-digit days and minutes, the year's first and last days.
  const dates = [
    new Date(2026, 0, 1, 0, 0),
    new Date(2026, 5, 7, 15, 30),
    new Date(2025, 11, 31, 23, 59),
    new Date(2026, 2, 9, 12, 5),
    new Date(2026, 9, 15, 9, 0),
  ];

  it("reads as date-fns' 'MMM d, yyyy'", () => {
    for (const date of dates) expect(formatDay(date)).toBe(format(date, "MMM d, yyyy"));
  });

  it("reads as date-fns' 'MMM d, h:mm a'", () => {
    for (const date of dates) expect(formatDayAndTime(date)).toBe(format(date, "MMM d, h:mm a"));
    expect(formatDayAndTime(new Date(2026, 5, 7, 15, 30))).toBe("Jun 7, 3:30 PM");
    expect(formatDayAndTime(new Date(2026, 0, 1, 0, 0))).toBe("Jan 1, 12:00 AM");
  });
});
