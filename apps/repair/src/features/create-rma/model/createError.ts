import { isApiError } from '@portal/api-client';
import { messages } from '@portal/forms';
import { COPY } from '../copy';

/** A failed call in words: the server's message, else the connection advice. */
export function serverMessage(error: unknown): string {
  return isApiError(error) && error.status !== 0 && error.message ? error.message : COPY.networkFailed;
}

/** Spec §8: 'Error Creating RMA: {server message}', or the address message for shipper failures. */
export function createErrorMessage(error: unknown): string {
  const message = serverMessage(error);
  if (/shipper/i.test(message)) return messages.errorValidatingAddress;
  return messages.errorCreatingRma(message);
}
