import { defaults } from "@contracts/limits.ts";
import { type SchedulePostInput, schedulePostInput } from "@contracts/posts.ts";
import { z } from "@contracts/zod.ts";
import { zodResolver } from "@hookform/resolvers/zod";
import { addMinutes, format, isSameDay, startOfMinute } from "date-fns";
import { CalendarClockIcon } from "lucide-react";
import { useId, useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { FormDialog } from "../../../components/form-dialog.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Calendar } from "../../../components/ui/calendar.tsx";
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

type ScheduleFields = { day?: Date | undefined; time: string };

/** The dialog's day and time make the moment the API's schedule schema checks. */
const scheduleFields = z
  .object({ day: z.date().optional(), time: z.string() })
  .refine((fields) => fields.day !== undefined, { path: ["day"] })
  .transform(
    ({ day, time }): SchedulePostInput => ({
      scheduledPublishAt: day ? combineDateAndTime(day, time).toISOString() : null,
    }),
  )
  .pipe(schedulePostInput);

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
  const { control, register, handleSubmit, setValue, reset } = useForm<
    ScheduleFields,
    unknown,
    SchedulePostInput
  >({
    defaultValues: {
      day: current ? new Date(current) : undefined,
      time: current ? format(new Date(current), "HH:mm") : defaults.scheduleTime,
    },
    resolver: zodResolver(scheduleFields),
  });
  const [day, time] = useWatch({ control, name: ["day", "time"] });

  async function submit({ scheduledPublishAt }: SchedulePostInput) {
    if (isPending || !scheduledPublishAt) return;
    const when = new Date(scheduledPublishAt);
    if (pastTimeProblem(when, new Date())) {
      setChecked(true);
      document.getElementById(timeId)?.focus();
      return;
    }
    if (await onSchedule(when)) onOpenChange(false);
  }

  // Only the day can be missing (the time falls back to 12:00): said as the screen always did.
  function missingDay() {
    if (isPending) return;
    toast({
      title: "Date required",
      description: "Please select a date for publishing.",
      variant: "destructive",
    });
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
      reset({ day: undefined, time: defaults.scheduleTime });
      onOpenChange(false);
    }
  }

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Schedule Post Publication"
      description="Choose when this post is published automatically."
      onSubmit={(event) => void handleSubmit(submit, missingDay)(event)}
      isPending={isPending}
      submitLabel="Schedule"
      pendingLabel="Scheduling..."
      contentClassName="max-w-md"
      footerStart={
        current && (
          <Button
            variant="outline"
            disabled={isPending}
            onClick={() => void clear()}
            className="sm:mr-auto"
          >
            Clear Schedule
          </Button>
        )
      }
    >
      {current && (
        <p className="flex items-center gap-2 rounded-md bg-accent px-3 py-2 text-sm text-accent-foreground">
          <CalendarClockIcon aria-hidden="true" className="size-4" />
          Currently scheduled for {format(new Date(current), "PPP 'at' p")}
        </p>
      )}
      <div className="grid justify-center gap-2">
        <span className="text-sm font-medium">Publish date</span>
        <Calendar
          selected={day}
          onSelect={(picked) => setValue("day", picked)}
          label="Publish date"
        />
      </div>
      <div className="grid gap-2">
        <Label htmlFor={timeId}>Publish time</Label>
        <Input
          id={timeId}
          type="time"
          min={earliestToday}
          aria-invalid={showProblem || undefined}
          aria-describedby={showProblem ? timeProblemId : undefined}
          {...register("time")}
        />
        {showProblem && (
          <p id={timeProblemId} role="alert" className="text-sm text-destructive">
            {timeProblem}
          </p>
        )}
      </div>
    </FormDialog>
  );
}
