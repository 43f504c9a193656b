import { emptyAddress, type AddressValues } from '@portal/forms';
import { unit } from '@portal/forms/testing';
import { runRule } from '@portal/rulebook';
import { ADVANCE_EXCHANGE, effectivePackaging, shippingMode } from './packaging';

// The rulebook's packaging mode (packages/rulebook/vectors), which api/rma applies on the server
// with the same vectors.

interface PackagingInput {
  address: Pick<AddressValues, 'country' | 'state' | 'city'>;
  advanceExchange: boolean;
}

runRule<PackagingInput, string>('packaging-mode', ({ address, advanceExchange }) => {
  const mode = shippingMode({ ...emptyAddress, ...address }, unit({ allowedRepairType: advanceExchange ? [ADVANCE_EXCHANGE] : [] }));
  return effectivePackaging(mode, '') || 'choice';
});
