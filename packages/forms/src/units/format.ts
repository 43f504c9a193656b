import { format, isValid, parseISO } from 'date-fns';

/** Spec §9 display format for dates, e.g. 'Jun 30 2028'. Dates are calendar days, no time zone shift. */
export const DISPLAY_DATE_FORMAT = 'MMM d yyyy';

export function formatDisplayDate(isoDate: string): string | null {
  const date = parseISO(isoDate);
  return isValid(date) ? format(date, DISPLAY_DATE_FORMAT) : null;
}
