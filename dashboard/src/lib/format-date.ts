const months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/**
 * The two date formats of a post card, in the browser's time zone, as date-fns writes them
 * ("MMM d, yyyy" and "MMM d, h:mm a"): written out here so the first screens do not load
 * date-fns' formatter (issue 20, first-load JavaScript). Intl would put a narrow no-break
 * space before AM/PM on current engines.
 */
export function formatDay(date: Date): string {
  return `${months[date.getMonth()]} ${date.getDate()}, ${date.getFullYear()}`;
}

export function formatDayAndTime(date: Date): string {
  const hours = date.getHours();
  const minutes = String(date.getMinutes()).padStart(2, "0");
  return `${months[date.getMonth()]} ${date.getDate()}, ${hours % 12 || 12}:${minutes} ${hours < 12 ? "AM" : "PM"}`;
}
