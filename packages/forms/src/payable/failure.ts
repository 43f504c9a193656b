import { isApiError } from '@portal/api-client';

/** A failed call in words: the server's message, else the fallback (a lost answer has none worth showing). */
export function failureMessage(error: unknown, fallback: string): string {
  return isApiError(error) && error.status !== 0 && error.message ? error.message : fallback;
}
