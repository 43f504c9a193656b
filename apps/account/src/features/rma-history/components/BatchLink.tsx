import { Link } from '@portal/router';
import { pathFor } from '@portal/routes';

/**
 * 'Batch BT-…', linking to the batch's page, for an RMA created in a fleet batch. A click stays
 * the link's: the history row around it opens the RMA's details otherwise.
 */
export function BatchLink({ batchId }: { batchId: string }) {
  return (
    <Link to={pathFor('batch', { id: batchId })} onClick={(event) => event.stopPropagation()}>
      Batch {batchId}
    </Link>
  );
}

/** How a batch's RMA travels: in its batch's box, once the batch assigned its boxes. */
export function batchShippingText(batchId: string, box: number | null): string {
  return box ? `In box ${box} of batch ${batchId}` : `In a box of batch ${batchId} (assigned once every unit of the batch has its RMA)`;
}
