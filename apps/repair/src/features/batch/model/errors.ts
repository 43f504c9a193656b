import { isApiError } from '@portal/api-client';
import { COPY } from '../copy';

/** A failed call in words: the API's message as it words it (a bad file names its problem), else the connection advice. */
export function messageOf(error: unknown): string {
  return isApiError(error) && error.status !== 0 && error.message ? error.message : COPY.networkFailed;
}
