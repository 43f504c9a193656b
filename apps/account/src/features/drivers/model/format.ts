const UNITS = ['bytes', 'KB', 'MB', 'GB'] as const;
// Made once for every row: making a number format costs far more than using one.
const wholeFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const tenthsFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });

/** A file size for people, e.g. 1048576 → '1 MB', 1536 → '1.5 KB' (binary multiples). */
export function formatSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '';
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${(unit === 0 ? wholeFormat : tenthsFormat).format(value)} ${UNITS[unit]}`;
}
