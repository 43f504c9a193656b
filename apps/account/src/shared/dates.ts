import { format, isValid, parseISO } from 'date-fns';
import { DISPLAY_DATE_FORMAT } from '@portal/forms/units';

/** Spec §9 'MMM d yyyy' for an RFC 3339 time, in the viewer's time zone; '' when absent. */
export function displayDate(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = parseISO(iso);
  return isValid(date) ? format(date, DISPLAY_DATE_FORMAT) : '';
}

/** The date as above with the time of day, for timelines where the order within a day matters. */
export function displayDateTime(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = parseISO(iso);
  return isValid(date) ? format(date, `${DISPLAY_DATE_FORMAT} h:mm a`) : '';
}

/** '2026-03' → 'Mar 2026' (chart and table labels of monthly figures). */
export function displayMonth(month: string): string {
  const date = parseISO(`${month}-01`);
  return isValid(date) ? format(date, 'MMM yyyy') : month;
}
