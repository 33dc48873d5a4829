import { defaults } from "@contracts/limits.ts";
import { addMinutes, format, isSameDay, startOfMinute } from "date-fns";
import { CalendarClockIcon } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { Button } from "../../../components/ui/button.tsx";
import { Calendar } from "../../../components/ui/calendar.tsx";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "../../../components/ui/dialog.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { Label } from "../../../components/ui/label.tsx";
import { toast } from "../../../components/ui/use-toast.ts";

/** The picked day at the typed local time ('HH:mm'; 12:00 when blank). */
export function combineDateAndTime(day: Date, time: string): Date {
  const [hours = 12, minutes = 0] = (time || defaults.scheduleTime).split(":").map(Number);
  const result = new Date(day);
  result.setHours(hours, minutes, 0, 0);
  return result;
}

/** Why a picked moment cannot be scheduled, or null: the server refuses any time not ahead. */
export function pastTimeProblem(when: Date, now: Date): string | null {
  if (when.getTime() > now.getTime()) return null;
  return `Choose a time later than now (${format(now, "p")}).`;
}

/**
 * 'Schedule Post Publication' with a calendar (past days disabled), a time
 * (default 12:00), the current schedule if any, and Clear Schedule.
 */
export function ScheduleDialog({
  open,
  onOpenChange,
  current,
  isPending,
  onSchedule,
  onClear,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  current: string | null;
  isPending: boolean;
  onSchedule: (when: Date) => Promise<boolean>;
  onClear: () => Promise<boolean>;
}) {
  const timeId = useId();
  const timeProblemId = useId();
  /** Set by a refused Schedule: the problem shows whatever the day. */
  const [checked, setChecked] = useState(false);
  const [day, setDay] = useState<Date | undefined>(() => (current ? new Date(current) : undefined));
  const [time, setTime] = useState(() =>
    current ? format(new Date(current), "HH:mm") : defaults.scheduleTime,
  );

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isPending) return;
    if (!day) {
      toast({
        title: "Date required",
        description: "Please select a date for publishing.",
        variant: "destructive",
      });
      return;
    }
    const when = combineDateAndTime(day, time);
    if (pastTimeProblem(when, new Date())) {
      setChecked(true);
      document.getElementById(timeId)?.focus();
      return;
    }
    if (await onSchedule(when)) onOpenChange(false);
  }

  // Today's past times are refused as they are typed (issue 16), not only by the server.
  const now = new Date();
  const timeProblem = day ? pastTimeProblem(combineDateAndTime(day, time), now) : null;
  const showProblem =
    timeProblem !== null && (checked || (day !== undefined && isSameDay(day, now)));
  const earliestToday =
    day && isSameDay(day, now) ? format(addMinutes(startOfMinute(now), 1), "HH:mm") : undefined;

  async function clear() {
    if (isPending) return;
    if (await onClear()) {
      setDay(undefined);
      setTime(defaults.scheduleTime);
      onOpenChange(false);
    }
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-md">
        <form onSubmit={(event) => void submit(event)} className="grid gap-4">
          <DialogHeader>
            <DialogTitle>Schedule Post Publication</DialogTitle>
            <DialogDescription>Choose when this post is published automatically.</DialogDescription>
          </DialogHeader>
          {current && (
            <p className="flex items-center gap-2 rounded-md bg-accent px-3 py-2 text-sm text-accent-foreground">
              <CalendarClockIcon aria-hidden="true" className="size-4" />
              Currently scheduled for {format(new Date(current), "PPP 'at' p")}
            </p>
          )}
          <div className="grid justify-center gap-2">
            <span className="text-sm font-medium">Publish date</span>
            <Calendar selected={day} onSelect={setDay} label="Publish date" />
          </div>
          <div className="grid gap-2">
            <Label htmlFor={timeId}>Publish time</Label>
            <Input
              id={timeId}
              type="time"
              value={time}
              min={earliestToday}
              aria-invalid={showProblem || undefined}
              aria-describedby={showProblem ? timeProblemId : undefined}
              onChange={(event) => setTime(event.target.value)}
            />
            {showProblem && (
              <p id={timeProblemId} role="alert" className="text-sm text-destructive">
                {timeProblem}
              </p>
            )}
          </div>
          <DialogFooter>
            {current && (
              <Button
                variant="outline"
                disabled={isPending}
                onClick={() => void clear()}
                className="sm:mr-auto"
              >
                Clear Schedule
              </Button>
            )}
            <Button variant="outline" disabled={isPending} onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={isPending}>
              {isPending ? "Scheduling..." : "Schedule"}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
