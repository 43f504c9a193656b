import { REPAIR_FLOW } from './model/kind';
import { RmaStepperPage } from './Page';

// A module of its own, as the upgrade and confirm-quote pages are, though they share the stepper:
// the federation manifest lists, as what an exposed page needs at once, every page whose chunks
// include its module's. When the stepper was this module, the create-rma page also fetched the
// three other pages.

/** Route create-rma/{serial?}: the repair RMA stepper (spec §2), from the serial to the label. */
export function CreateRmaPage() {
  return <RmaStepperPage kind={REPAIR_FLOW} />;
}
