const UNITS = ['bytes', 'KB', 'MB', 'GB'] as const;
// Made once, on first use, for every row: making a number format costs far more than using one
// (the page's first starts ICU).
const formats: Intl.NumberFormat[] = [];
const sizeFormat = (digits: 0 | 1) => (formats[digits] ??= new Intl.NumberFormat('en-US', { maximumFractionDigits: digits }));

/** A file size for people, e.g. 1048576 → '1 MB', 1536 → '1.5 KB' (binary multiples). */
export function formatSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '';
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${sizeFormat(unit === 0 ? 0 : 1).format(value)} ${UNITS[unit]}`;
}
