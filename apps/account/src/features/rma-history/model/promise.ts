import type { RmaDetails } from '@portal/api-client';

/** Whether the promised ship-back date held, once the unit left. */
export interface PromiseOutcome {
  /** RFC 3339: the timeline's move to SHIPPED_BACK. */
  shippedAt: string;
  kept: boolean;
}

/** 'YYYY-MM-DD' of a time where the viewer is. */
function localDate(time: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${time.getFullYear()}-${pad(time.getMonth() + 1)}-${pad(time.getDate())}`;
}

/**
 * The promise's outcome of a shipped RMA, null before it ships or without a promise. The promised
 * date is a day of the depot's calendar and the shipment is compared by its day where the viewer
 * is: the depot ships in its working hours, so the two agree for every viewer within a few time
 * zones of it.
 */
export function promiseOutcome(details: Pick<RmaDetails, 'promisedShipDate' | 'timeline'>): PromiseOutcome | null {
  const shipped = details.timeline.find((event) => event.status === 'SHIPPED_BACK' && event.kind === 'status');
  if (!details.promisedShipDate || !shipped) return null;
  return { shippedAt: shipped.at, kept: localDate(new Date(shipped.at)) <= details.promisedShipDate };
}
