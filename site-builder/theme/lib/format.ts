/**
 * Public dates are shown in the blog's time zone (decision 140; UTC when unset), so a post
 * published at 20:00 in Los Angeles is dated that day wherever the server runs.
 */
const formatters = new Map<string, { short: Intl.DateTimeFormat; long: Intl.DateTimeFormat }>();

function formattersOf(timeZone = "UTC") {
  let known = formatters.get(timeZone);
  if (!known) {
    const zone = safeTimeZone(timeZone);
    known = {
      short: new Intl.DateTimeFormat("en-US", {
        month: "short",
        day: "2-digit",
        year: "numeric",
        timeZone: zone,
      }),
      long: new Intl.DateTimeFormat("en-US", {
        month: "long",
        day: "2-digit",
        year: "numeric",
        timeZone: zone,
      }),
    };
    formatters.set(timeZone, known);
  }
  return known;
}

const feedFormatters = new Map<string, Intl.DateTimeFormat>();

/** The zone's wall-clock formatter for feed dates, made once per zone (a feed has many dates). */
function feedFormatterOf(timeZone: string): Intl.DateTimeFormat {
  let known = feedFormatters.get(timeZone);
  if (!known) {
    known = new Intl.DateTimeFormat("en-US", {
      timeZone: safeTimeZone(timeZone),
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    feedFormatters.set(timeZone, known);
  }
  return known;
}

/** A zone Intl knows, else UTC (a page never fails on a bad value). */
function safeTimeZone(timeZone: string): string {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone });
    return timeZone;
  } catch {
    return "UTC";
  }
}

/** 'MMM dd, yyyy', e.g. "Nov 05, 2026". */
export const listDate = (date: Date, timeZone?: string) =>
  formattersOf(timeZone).short.format(date);
/** 'MMMM dd, yyyy', e.g. "November 05, 2026". */
export const postDate = (date: Date, timeZone?: string) => formattersOf(timeZone).long.format(date);

const weekdays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];
const months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/**
 * RFC 822 date of feeds in the blog's time zone with its offset, e.g.
 * "Mon, 23 Nov 2026 20:00:00 -0800": the same instant, the blog's day.
 */
export function feedDate(date: Date, timeZone = "UTC"): string {
  const parts = Object.fromEntries(
    feedFormatterOf(timeZone)
      .formatToParts(date)
      .map((p) => [p.type, p.value]),
  );
  const local = Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour),
    Number(parts.minute),
    Number(parts.second),
  );
  const offsetMinutes = Math.round((local - Math.floor(date.getTime() / 1000) * 1000) / 60_000);
  const sign = offsetMinutes < 0 ? "-" : "+";
  const abs = Math.abs(offsetMinutes);
  const offset = `${sign}${String(Math.floor(abs / 60)).padStart(2, "0")}${String(abs % 60).padStart(2, "0")}`;
  const day = new Date(local);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${weekdays[day.getUTCDay()]}, ${pad(day.getUTCDate())} ${months[day.getUTCMonth()]} ${day.getUTCFullYear()} ${pad(day.getUTCHours())}:${pad(day.getUTCMinutes())}:${pad(day.getUTCSeconds())} ${offset}`;
}

import { relativeLuminance as luminance } from "../../../contracts/color-contrast.ts";

/** Only a #rgb / #rrggbb colour reaches a style attribute; anything else falls back to the default. */
export function safeColor(color: string): string {
  return /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.test(color) ? color : "#df7020";
}

/**
 * The blog colour, darkened only as far as needed to reach WCAG AA contrast (4.5:1) against
 * `background`, so any colour an owner picks stays readable as link text on the page. (Over
 * the colour itself, the text colour is chosen instead: `textColorOn`, decision 123.)
 */
export function accessibleShade(color: string, background: string): string {
  let hex = safeColor(color);
  if (hex.length === 4) hex = `#${[...hex.slice(1)].map((c) => c + c).join("")}`;
  const against = luminance(background);
  let [r, g, b] = [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16)) as [
    number,
    number,
    number,
  ];
  for (let step = 0; step < 60; step++) {
    const current = `#${[r, g, b].map((c) => c.toString(16).padStart(2, "0")).join("")}`;
    const [light, dark] = [
      Math.max(against, luminance(current)),
      Math.min(against, luminance(current)),
    ];
    if ((light + 0.05) / (dark + 0.05) >= 4.5) return current;
    [r, g, b] = [r, g, b].map((c) => Math.max(0, Math.floor(c * 0.93))) as [number, number, number];
  }
  return "#000000";
}
