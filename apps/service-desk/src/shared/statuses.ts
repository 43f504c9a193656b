/**
 * The RMA statuses as depot staff read them. The queue holds the work statuses (awaiting unit to
 * repairing); the rest appear on a work page and in the audit.
 */
export const statusLabels: Record<string, string> = {
  AWAITING_PAYMENT: 'Awaiting payment',
  AWAITING_UNIT: 'Awaiting unit',
  RECEIVED: 'Received',
  DIAGNOSING: 'Diagnosing',
  QUOTE_PENDING: 'Quote pending',
  REPAIRING: 'Repairing',
  RETURN_UNREPAIRED: 'Returning unrepaired',
  SHIPPED_BACK: 'Shipped back',
  CLOSED: 'Closed',
  CANCELLED: 'Cancelled',
  RECYCLED: 'Recycled',
};

/** The queue's statuses, in lifecycle order: what the status filter offers. */
export const workStatuses = ['AWAITING_UNIT', 'RECEIVED', 'DIAGNOSING', 'QUOTE_PENDING', 'REPAIRING', 'RETURN_UNREPAIRED'] as const;

/** The fleet's warranty types: what the warranty filter offers. */
export const warrantyTypes = ['STANDARD', 'EXTENDED', 'SECURE', 'ADVANCE_EXCHANGE'] as const;

const warrantyLabels: Record<string, string> = {
  STANDARD: 'Standard',
  EXTENDED: 'Extended',
  SECURE: 'Secure',
  ADVANCE_EXCHANGE: 'Advance exchange',
};

export function statusLabel(status: string): string {
  return statusLabels[status] ?? status;
}

export function warrantyLabel(type: string): string {
  return warrantyLabels[type] ?? type;
}
