/** The words a page says its batch's progress in. */
export interface BatchProgressWords {
  /** Said at each tenth of the rows done (0, 10, … 90). */
  tenth: (percent: number) => string;
  /** Said once every row is done. */
  done: string;
}

/**
 * What a batch page's live region says of the progress: only each tenth of the rows done and
 * the end, so a screen reader is not read every event (the server sends one about every 250 ms);
 * '' while the row count is not known. The repair remote's submit and the account's batch page
 * share this rule, each in its own words.
 */
export function batchProgressAnnouncement(done: number, rows: number, words: BatchProgressWords): string {
  if (rows <= 0) return '';
  if (done >= rows) return words.done;
  return words.tenth(Math.floor((Math.max(done, 0) * 10) / rows) * 10);
}
