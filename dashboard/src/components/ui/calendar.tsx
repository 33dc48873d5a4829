import {
  addDays,
  addMonths,
  eachDayOfInterval,
  endOfMonth,
  endOfWeek,
  format,
  isSameDay,
  isSameMonth,
  startOfDay,
  startOfMonth,
  startOfWeek,
} from "date-fns";
import { ChevronLeftIcon, ChevronRightIcon } from "lucide-react";
import { type KeyboardEvent, useEffect, useRef, useState } from "react";
import { cn } from "../../lib/cn.ts";
import { Button, focusRing } from "./button.tsx";

/** A day before today (by the calendar, not the clock) cannot be picked. */
export function isPastDay(day: Date, today: Date): boolean {
  return startOfDay(day) < startOfDay(today);
}

/** The weeks shown for a month: whole weeks from Sunday, padded with the neighbours' days. */
export function monthGrid(month: Date): Date[][] {
  const days = eachDayOfInterval({
    start: startOfWeek(startOfMonth(month)),
    end: endOfWeek(endOfMonth(month)),
  });
  const weeks: Date[][] = [];
  for (let i = 0; i < days.length; i += 7) weeks.push(days.slice(i, i + 7));
  return weeks;
}

const keyMoves: Record<string, (day: Date) => Date> = {
  ArrowLeft: (d) => addDays(d, -1),
  ArrowRight: (d) => addDays(d, 1),
  ArrowUp: (d) => addDays(d, -7),
  ArrowDown: (d) => addDays(d, 7),
  PageUp: (d) => addMonths(d, -1),
  PageDown: (d) => addMonths(d, 1),
  Home: (d) => startOfWeek(d),
  End: (d) => endOfWeek(d),
};

/**
 * A month grid of day buttons (WAI-ARIA date picker pattern): one day is in the tab order,
 * arrow keys move between days and months, Enter or Space picks. Past days stay focusable
 * (so arrows can cross them) but are marked `aria-disabled` and cannot be picked.
 */
export function Calendar({
  selected,
  onSelect,
  today = new Date(),
  label = "Choose a date",
}: {
  selected: Date | undefined;
  onSelect: (day: Date) => void;
  today?: Date;
  label?: string;
}) {
  const [focused, setFocused] = useState<Date>(() => selected ?? today);
  const [month, setMonth] = useState<Date>(() => startOfMonth(selected ?? today));
  const gridRef = useRef<HTMLTableElement>(null);
  const moveFocus = useRef(false);

  useEffect(() => {
    if (!moveFocus.current) return;
    moveFocus.current = false;
    gridRef.current?.querySelector<HTMLButtonElement>('button[tabindex="0"]')?.focus();
  });

  function focusDay(day: Date) {
    setFocused(day);
    if (!isSameMonth(day, month)) setMonth(startOfMonth(day));
    moveFocus.current = true;
  }

  function onKeyDown(event: KeyboardEvent<HTMLTableElement>) {
    const move = keyMoves[event.key];
    if (!move) return;
    event.preventDefault();
    focusDay(move(focused));
  }

  function pick(day: Date) {
    if (isPastDay(day, today)) return;
    setFocused(day);
    onSelect(day);
  }

  const focusedInMonth = isSameMonth(focused, month) ? focused : month;
  const canGoBack = !isSameMonth(month, today) && month > today;

  return (
    <div className="w-fit space-y-3 rounded-md border p-3" data-slot="calendar">
      <div className="flex items-center justify-between gap-2">
        <Button
          variant="outline"
          size="icon"
          className="size-8"
          disabled={!canGoBack}
          onClick={() => setMonth(addMonths(month, -1))}
        >
          <ChevronLeftIcon aria-hidden="true" />
          <span className="sr-only">Previous month</span>
        </Button>
        <h3 aria-live="polite" className="text-sm font-medium">
          {format(month, "MMMM yyyy")}
        </h3>
        <Button
          variant="outline"
          size="icon"
          className="size-8"
          onClick={() => setMonth(addMonths(month, 1))}
        >
          <ChevronRightIcon aria-hidden="true" />
          <span className="sr-only">Next month</span>
        </Button>
      </div>
      <table
        ref={gridRef}
        aria-label={`${label}, ${format(month, "MMMM yyyy")}`}
        onKeyDown={onKeyDown}
        className="border-collapse"
      >
        <thead>
          <tr>
            {monthGrid(month)[0]?.map((day) => (
              <th
                key={day.toISOString()}
                scope="col"
                abbr={format(day, "EEEE")}
                className="size-9 text-xs font-normal text-muted-foreground"
              >
                {format(day, "EEEEEE")}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {monthGrid(month).map((week) => (
            <tr key={week[0]?.toISOString()}>
              {week.map((day) => {
                const past = isPastDay(day, today);
                const isSelected = selected ? isSameDay(day, selected) : false;
                const outside = !isSameMonth(day, month);
                return (
                  <td key={day.toISOString()} className="p-0.5 text-center">
                    <button
                      type="button"
                      tabIndex={isSameDay(day, focusedInMonth) ? 0 : -1}
                      aria-label={format(day, "EEEE, MMMM d, yyyy")}
                      aria-pressed={isSelected}
                      aria-disabled={past || undefined}
                      aria-current={isSameDay(day, today) ? "date" : undefined}
                      onClick={() => pick(day)}
                      onFocus={() => setFocused(day)}
                      className={cn(
                        "size-9 rounded-md text-sm transition-colors",
                        focusRing,
                        outside && "text-muted-foreground",
                        past
                          ? "cursor-not-allowed text-muted-foreground line-through opacity-50"
                          : "hover:bg-accent hover:text-accent-foreground",
                        isSameDay(day, today) && !isSelected && "border border-primary",
                        isSelected && "bg-primary text-primary-foreground hover:bg-primary",
                      )}
                    >
                      {format(day, "d")}
                    </button>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
