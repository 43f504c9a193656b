const DAY_MS = 24 * 60 * 60 * 1000;

/** Whole days since `since` (an RFC 3339 time) at `now`, as the queue's Age column shows them. */
export function ageText(since: string, now: Date): string {
  const days = Math.max(0, Math.floor((now.getTime() - Date.parse(since)) / DAY_MS));
  return days === 1 ? '1 day' : `${days} days`;
}
