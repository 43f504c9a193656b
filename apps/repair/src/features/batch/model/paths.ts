import { pathFor } from '@portal/routes';

/**
 * The batch's page in Your account (the account remote's route 'batch'), where the page goes once
 * the batch is submitted: the same page the server's summary e-mail and PayPal's return name.
 */
export function batchPagePath(batchId: string): string {
  return pathFor('batch', { id: batchId });
}
