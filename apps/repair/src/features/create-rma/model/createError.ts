import { isApiError } from '@portal/api-client';
import { messages } from '@portal/forms';
import { COPY } from '../copy';

/** Spec §8: 'Error Creating RMA: {server message}', or the address message for shipper failures. */
export function createErrorMessage(error: unknown): string {
  const serverMessage = isApiError(error) && error.status !== 0 ? error.message : COPY.networkFailed;
  if (/shipper/i.test(serverMessage)) return messages.errorValidatingAddress;
  return messages.errorCreatingRma(serverMessage);
}
