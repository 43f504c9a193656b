/**
 * The batch's page in Your account (the account remote's route), where the page goes once the
 * batch is submitted: the same path the server's summary e-mail and PayPal's return link name.
 */
export function batchPagePath(batchId: string): string {
  return `/your-account/batches/${encodeURIComponent(batchId)}`;
}
