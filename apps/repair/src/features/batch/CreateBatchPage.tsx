import { BatchPage } from './BatchPage';

// A module of its own, as the other exposed pages are: the federation manifest lists what an
// exposed page needs at once by its module's chunks.

/** Route create-rma/batch: many units in one batch (issue 30). */
export function CreateBatchPage() {
  return <BatchPage />;
}
