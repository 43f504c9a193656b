import { formatDate, formatDateTime, formatMonth } from './date';

/** An RFC 3339 time that the viewer's clock (jest's time zone, whatever it is) shows as the given local time. */
const localTime = (year: number, month: number, day: number, hours: number, minutes: number) =>
  new Date(year, month - 1, day, hours, minutes).toISOString();

describe('formatDate', () => {
  it.each([
    ['a calendar day as MMM d yyyy', '2025-03-31', 'Mar 31 2025'],
    ['a single-digit day without a leading zero', '2028-06-05', 'Jun 5 2028'],
    ['a time as its day', localTime(2026, 11, 23, 13, 0), 'Nov 23 2026'],
    ['a time with fractions and an offset', localTime(2026, 11, 23, 13, 0).replace('Z', '+00:00'), 'Nov 23 2026'],
    ['nothing for an absent value', null, ''],
    ['nothing for an empty value', '', ''],
    ['nothing for a day that does not exist', '2025-02-30', ''],
    ['nothing for words', 'tomorrow', ''],
  ])('writes %s', (_, value, want) => {
    expect(formatDate(value)).toBe(want);
  });

  it('shows a time as the day it is on the viewer’s clock, not in UTC', () => {
    expect(formatDate(localTime(2025, 3, 31, 23, 30))).toBe('Mar 31 2025');
    expect(formatDate(localTime(2025, 4, 1, 0, 30))).toBe('Apr 1 2025');
  });
});

describe('formatDateTime', () => {
  it.each([
    ['the afternoon', localTime(2026, 3, 4, 17, 5), 'Mar 4 2026 5:05 PM'],
    ['half past midnight as 12:30 AM', localTime(2026, 3, 4, 0, 30), 'Mar 4 2026 12:30 AM'],
    ['noon as 12 PM', localTime(2026, 3, 4, 12, 0), 'Mar 4 2026 12:00 PM'],
    ['a calendar day without a time', '2026-03-04', 'Mar 4 2026'],
    ['nothing for an absent value', undefined, ''],
  ])('writes %s', (_, value, want) => {
    expect(formatDateTime(value)).toBe(want);
  });
});

describe('formatMonth', () => {
  it.each([
    ['a month as MMM yyyy', '2026-03', 'Mar 2026'],
    ['December', '2025-12', 'Dec 2025'],
    ['what is no month as it is', '2026-13', '2026-13'],
  ])('writes %s', (_, value, want) => {
    expect(formatMonth(value)).toBe(want);
  });
});
