import { rmaStatusWords } from '@portal/api-client';

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

/** A status in the words the customer reads too. */
export function statusLabel(status: string): string {
  return rmaStatusWords(status) ?? status;
}

export function warrantyLabel(type: string): string {
  return warrantyLabels[type] ?? type;
}
