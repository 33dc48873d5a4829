import { inBrowser, readCookie, writePreferenceCookie } from "./request-cookies.ts";

const months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** The browser's time zone, kept in a cookie so the server renders a card's dates as it does. */
export const timeZoneCookie = "tz";

/** Called at start in the browser: the server's render of the next first screen uses it. */
export function rememberTimeZone(): void {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  if (zone && readCookie(timeZoneCookie) !== zone) writePreferenceCookie(timeZoneCookie, zone);
}

type Parts = { year: number; month: number; day: number; hours: number; minutes: number };

const zoneFormats = new Map<string, Intl.DateTimeFormat | null>();

/** A formatter for an IANA zone named by a cookie (null when the zone is unknown). */
function zoneFormat(zone: string): Intl.DateTimeFormat | null {
  let format = zoneFormats.get(zone);
  if (format === undefined) {
    try {
      format = new Intl.DateTimeFormat("en-US", {
        timeZone: zone,
        year: "numeric",
        month: "numeric",
        day: "numeric",
        hour: "numeric",
        minute: "numeric",
        hourCycle: "h23",
      });
    } catch {
      format = null;
    }
    if (zoneFormats.size < 64) zoneFormats.set(zone, format);
  }
  return format;
}

/**
 * The date's calendar fields in the browser's time zone: the Date's own in the browser; in the
 * server's render of the first screen, in the zone the browser last reported (`tz` cookie), so
 * the page the browser hydrates shows the same day (decision 300).
 */
function partsOf(date: Date): Parts {
  const zone = inBrowser() ? undefined : readCookie(timeZoneCookie);
  const format = zone ? zoneFormat(zone) : null;
  if (!format) {
    return {
      year: date.getFullYear(),
      month: date.getMonth(),
      day: date.getDate(),
      hours: date.getHours(),
      minutes: date.getMinutes(),
    };
  }
  const parts = format.formatToParts(date);
  const field = (type: Intl.DateTimeFormatPartTypes) =>
    Number(parts.find((part) => part.type === type)?.value);
  return {
    year: field("year"),
    month: field("month") - 1,
    day: field("day"),
    hours: field("hour") % 24,
    minutes: field("minute"),
  };
}

/**
 * The two date formats of a post card, in the browser's time zone, as date-fns writes them
 * ("MMM d, yyyy" and "MMM d, h:mm a"): written out here so the first screens do not load
 * date-fns' formatter (issue 20, first-load JavaScript). Intl would put a narrow no-break
 * space before AM/PM on current engines.
 */
export function formatDay(date: Date): string {
  const { year, month, day } = partsOf(date);
  return `${months[month]} ${day}, ${year}`;
}

export function formatDayAndTime(date: Date): string {
  const { month, day, hours, minutes } = partsOf(date);
  return `${months[month]} ${day}, ${hours % 12 || 12}:${String(minutes).padStart(2, "0")} ${hours < 12 ? "AM" : "PM"}`;
}
