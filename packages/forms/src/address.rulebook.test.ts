import { runRule } from '@portal/rulebook';
import { isMilitaryAddress, validateAddress, type AddressValues } from './address';

// The rulebook's address rules (packages/rulebook/vectors), which api/geo applies on the server
// with the same vectors.

runRule<{ address: AddressValues; allowPoBox: boolean }, Record<string, string>>('address', ({ address, allowPoBox }) =>
  validateAddress(address, { allowPoBox }),
);

runRule<Pick<AddressValues, 'country' | 'state' | 'city'>, boolean>('military-address', isMilitaryAddress);
