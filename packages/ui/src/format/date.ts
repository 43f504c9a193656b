/**
 * Dates as the portal shows them, the one way (spec §9 'MMM d yyyy': 'Mar 31 2025'), written
 * without ICU (a page's first Intl format costs tens of milliseconds of main thread, see
 * formatMoney) and without a date library.
 *
 * A value is either a calendar day ('2025-03-31', a warranty's last day, a driver's release) shown
 * as that day wherever the viewer is, or an RFC 3339 time ('2025-03-31T17:05:00Z') shown as the day
 * it is where the viewer is. An absent or unreadable value is ''.
 */

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

const CALENDAR_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const CALENDAR_MONTH = /^(\d{4})-(\d{2})$/;
/** An RFC 3339 time names its date and its time, with a zone (Z or an offset). */
const TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/i;

interface Day {
  year: number;
  month: number; // 0-11
  day: number;
}

function calendarDay(value: string): Day | null {
  const match = CALENDAR_DAY.exec(value);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]) - 1, Number(match[3])];
  // Round-trip through UTC so '2025-02-30' is refused rather than shown as a day that is not.
  const check = new Date(Date.UTC(year, month, day));
  return check.getUTCFullYear() === year && check.getUTCMonth() === month && check.getUTCDate() === day ? { year, month, day } : null;
}

function localTime(value: string): Date | null {
  if (!TIME.test(value)) return null;
  const time = new Date(value);
  return Number.isNaN(time.getTime()) ? null : time;
}

function dayText({ year, month, day }: Day): string {
  return `${MONTHS[month]} ${day} ${year}`;
}

function localDay(time: Date): Day {
  return { year: time.getFullYear(), month: time.getMonth(), day: time.getDate() };
}

/** 'Mar 31 2025' for a calendar day or a time (in the viewer's time zone); '' when absent or unreadable. */
export function formatDate(value: string | null | undefined): string {
  if (!value) return '';
  const day = calendarDay(value);
  if (day) return dayText(day);
  const time = localTime(value);
  return time ? dayText(localDay(time)) : '';
}

/** 'Mar 31 2025 5:05 PM': a time's day and its time of day where the viewer is, for timelines. */
export function formatDateTime(value: string | null | undefined): string {
  const time = value ? localTime(value) : null;
  if (!time) return formatDate(value);
  const hours = time.getHours();
  const minutes = time.getMinutes().toString().padStart(2, '0');
  return `${dayText(localDay(time))} ${hours % 12 || 12}:${minutes} ${hours < 12 ? 'AM' : 'PM'}`;
}

/** '2026-03' → 'Mar 2026' (monthly figures); the value itself when it is no month. */
export function formatMonth(value: string): string {
  const match = CALENDAR_MONTH.exec(value);
  const month = match ? Number(match[2]) - 1 : -1;
  return match && month >= 0 && month < 12 ? `${MONTHS[month]} ${match[1]}` : value;
}
