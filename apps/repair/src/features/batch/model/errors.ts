import { isApiError } from '@portal/api-client';
import type { SortedFieldErrors } from '@portal/forms';
import { COPY } from '../copy';

/** A field path as the customer reads it: 'rows.2.serial' is row 3's serial; the top's paths as the API names them. */
export function pathWords(path: string): string {
  const row = /^rows\.(\d+)(?:\.(.+))?$/.exec(path);
  if (row) return `Row ${Number(row[1]) + 1}${row[2] ? `, ${row[2]}` : ''}`;
  if (path === 'rows') return 'Rows';
  return path;
}

/**
 * A failed call in words, as the API words it: a 400's field messages (the pre-flight's `rows`:
 * 'A batch holds at most 1,000 rows'), else its message (a bad file names its problem), else the
 * connection advice.
 */
export function messageOf(error: unknown): string {
  if (!isApiError(error) || error.status === 0) return COPY.networkFailed;
  const fields = Object.entries(error.fields);
  if (error.status === 400 && fields.length > 0) {
    return fields.map(([path, message]) => (path === 'rows' ? message : `${pathWords(path)}: ${message}`)).join(' ');
  }
  return error.message || COPY.networkFailed;
}

/** Whether a submit failure leaves its outcome unknown (no answer, or a 5xx): the batch may exist. */
export function isUncertain(error: unknown): boolean {
  return !isApiError(error) || error.status === 0 || error.status >= 500;
}

/** What the page shows of a refusal's fields besides the contact and address (always on step 3). */
export interface ShownFields {
  /** The payment card is shown (out-of-warranty rows pass). */
  payment: boolean;
  /** The data-handling agreement is asked (a row is a camera with data). */
  clickWrap: boolean;
}

const OWN_FIELDS = ['packaging.unitsPerBox', 'packaging.kind', 'acknowledgeHddBackup'];

/**
 * The refusal's field errors no field of the page shows, as '<path>: <message>' for the banner, so
 * none is lost: the rows' paths, a payment field while the card is hidden, the agreement while it
 * is not asked, and any path the page does not know.
 */
export function unshownFieldErrors(fields: SortedFieldErrors | null, shown: ShownFields): string[] {
  if (!fields) return [];
  const lines: string[] = [];
  for (const [path, message] of Object.entries(fields.other)) {
    if (OWN_FIELDS.includes(path)) continue;
    if (path === 'acknowledgeClickWrapAgreement' && shown.clickWrap) continue;
    lines.push(`${pathWords(path)}: ${message}`);
  }
  if (!shown.payment) {
    for (const [field, message] of Object.entries(fields.payment)) lines.push(`Payment (${field}): ${message}`);
  }
  return lines;
}
