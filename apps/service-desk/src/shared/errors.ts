import { isAbortError, isApiError } from '@portal/api-client';

/** A refused or failed call as a form shows it: the API's message, and its messages by field. */
export interface Refusal {
  message: string;
  fields: Record<string, string>;
}

const UNREACHABLE = 'The service desk could not reach the server. Check the connection and try again.';

/**
 * The API's own words for a refusal (a serial mismatch, a unit not awaiting its arrival, field
 * messages), so staff read what the server decided; anything else is a connection failure.
 */
export function refusalOf(error: unknown): Refusal {
  if (isApiError(error) && error.status !== 0) return { message: error.message, fields: error.fields };
  return { message: UNREACHABLE, fields: {} };
}

/** A cancelled request is the page leaving, not a failure to show. */
export function ignoreAbort(error: unknown): boolean {
  return isAbortError(error);
}
