import { Banner } from '@portal/ui';

/**
 * The info banner slot of the root layout. Its message comes from the QUERY_RMA_WARNING report
 * (spec §7); nothing is rendered while there is no message.
 */
export function InfoBanner({ message }: { message: string | null }) {
  if (!message) return null;
  return <Banner variant="info">{message}</Banner>;
}
