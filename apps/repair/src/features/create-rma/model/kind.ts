import type { RouteName } from '@portal/routes';
import { CREATE_RMA_STEPS, UPGRADE_STEPS } from '../steps';
import { COPY } from '../copy';
import { RMA_TYPE } from '../../../shared/rmaType';

/** Default rmaType (spec §9), kept in shared/ for the batch page's options too. */
export { RMA_TYPE };

/** The rmaType of a paid upgrade (upgrade-device). */
export const UPGRADE_RMA_TYPE = 'UPGRADE';

/**
 * What the create-RMA stepper runs: a repair (create-rma) or an upgrade (upgrade-device). Both
 * share the contact, packaging, confirm and download steps and the paid path; they differ in
 * the first step, the rmaType sent, whether payment is always due and where a saved quote or a
 * reset goes.
 */
export interface FlowKind {
  rmaType: typeof RMA_TYPE | typeof UPGRADE_RMA_TYPE;
  title: string;
  /** What the flow is for, under its title; the repair flow needs none (the home page says it). */
  intro?: string;
  steps: readonly string[];
  stepsLabel: string;
  /** Whether the request is paid before its label whatever the warranty (upgrades). */
  alwaysPaid: boolean;
  /** The route a new run starts on, and where Save Quote goes. */
  startRoute: Extract<RouteName, 'create-rma' | 'upgrade-device'>;
  confirmQuoteRoute: Extract<RouteName, 'rma-confirm-quote' | 'upgrade-device-confirm-quote'>;
}

export const REPAIR_FLOW: FlowKind = {
  rmaType: RMA_TYPE,
  title: 'Create a repair RMA',
  steps: CREATE_RMA_STEPS,
  stepsLabel: 'Create RMA steps',
  alwaysPaid: false,
  startRoute: 'create-rma',
  confirmQuoteRoute: 'rma-confirm-quote',
};

export const UPGRADE_FLOW: FlowKind = {
  rmaType: UPGRADE_RMA_TYPE,
  title: 'Upgrade a unit',
  intro: COPY.upgradeIntro,
  steps: UPGRADE_STEPS,
  stepsLabel: 'Upgrade steps',
  alwaysPaid: true,
  startRoute: 'upgrade-device',
  confirmQuoteRoute: 'upgrade-device-confirm-quote',
};
