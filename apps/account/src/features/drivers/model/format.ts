const UNITS = ['bytes', 'KB', 'MB', 'GB'] as const;

/** A file size for people, e.g. 1048576 → '1 MB', 1536 → '1.5 KB' (binary multiples). */
export function formatSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '';
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const digits = unit === 0 ? 0 : 1;
  return `${new Intl.NumberFormat('en-US', { maximumFractionDigits: digits }).format(value)} ${UNITS[unit]}`;
}
