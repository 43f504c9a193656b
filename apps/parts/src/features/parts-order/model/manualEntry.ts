import type { OrderLineInput } from '@portal/api-client';
import { CART_COPY } from '../../../shared/cart/copy';
import { MAX_LINES, isValidQuantity } from '../../../shared/cart/model';

export interface ManualEntry {
  /** One line per part number (a part entered twice is added up), in the order first entered. */
  lines: OrderLineInput[];
  /** What cannot be read, by line number. */
  errors: string[];
}

// A pasted spreadsheet separates its columns with tabs, a CSV with commas or semicolons.
const SEPARATORS = /[\s,;]+/;
const HEADER = /\b(part|pn|qty|quantity)\b/i;

/**
 * Reads what was typed or pasted: "PN qty" per line, or a two-column list. A line without a
 * quantity orders one; a header row of a pasted list ("Part number, Qty") is skipped. The part
 * numbers are the server's to check (unknown ones come back as problems with its message).
 */
export function parseManualEntry(text: string): ManualEntry {
  const lines: OrderLineInput[] = [];
  const errors: string[] = [];
  text.split(/\r?\n/).forEach((raw, index) => {
    const lineNo = index + 1;
    const tokens = raw.trim().split(SEPARATORS).filter(Boolean);
    if (tokens.length === 0) return;
    const [pn, qty = '1', ...extra] = tokens;
    if (lines.length === 0 && errors.length === 0 && !/^\d+$/.test(qty) && HEADER.test(raw)) return;
    if (extra.length > 0) {
      errors.push(`Line ${lineNo}: enter a part number and a quantity only.`);
      return;
    }
    const quantity = Number(qty);
    if (!/^\d+$/.test(qty) || !isValidQuantity(quantity)) {
      errors.push(`Line ${lineNo}: ${CART_COPY.badQuantity}`);
      return;
    }
    const partNumber = pn!.toUpperCase();
    const same = lines.find((line) => line.partNumber === partNumber);
    if (same) same.quantity += quantity;
    else lines.push({ partNumber, quantity });
  });
  if (lines.length > MAX_LINES) errors.push(`Enter at most ${MAX_LINES} part numbers at a time.`);
  return { lines, errors };
}
