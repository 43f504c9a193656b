import type { PartAvailability } from '@portal/api-client';

export const AVAILABILITY_TEXT: Record<PartAvailability, string> = {
  IN_STOCK: 'In stock',
  BACKORDER: 'On back order',
  DISCONTINUED: 'No longer sold',
};
