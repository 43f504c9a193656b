import type { Branch } from '@portal/api-client';
import { addressFromProfile, type AddressValues, type ContactValues } from '@portal/forms';
import { MutedText, SelectField } from '@portal/ui';
import { SHARED_COPY as COPY } from './copy';
import type { BranchesState } from './useBranches';

function sameAddress(a: AddressValues, b: AddressValues): boolean {
  return (Object.keys(a) as (keyof AddressValues)[]).every((key) => a[key].trim() === b[key].trim());
}

/** The contact and address a branch fills in; the user's company and position stay. */
export function shipFromBranch(branch: Branch, contact: ContactValues): { contact: ContactValues; address: AddressValues } {
  return {
    contact: {
      ...contact,
      firstName: branch.contact.firstName,
      lastName: branch.contact.lastName,
      email: branch.contact.email,
      phone: branch.contact.phone,
      phoneCountryCode: branch.contact.phoneCountryCode || contact.phoneCountryCode,
    },
    address: addressFromProfile(branch.address),
  };
}

export interface BranchSelectProps {
  state: BranchesState;
  address: AddressValues;
  onChoose: (branch: Branch) => void;
}

/**
 * 'Ship from a branch' for organization members (spec §2 branches): choosing one fills the
 * address and contact below with the branch's. The choice shown is the branch whose address the
 * form holds, so it stays right when the step is left and opened again, and clears on an edit.
 */
export function BranchSelect({ state, address, onChoose }: BranchSelectProps) {
  if (state.status === 'idle') return null;
  if (state.status === 'loading') return <MutedText role="status">{COPY.branchesLoading}</MutedText>;
  if (state.status === 'failed') return <MutedText role="status">{COPY.branchesFailed}</MutedText>;
  const { branches } = state;
  if (branches.length === 0) return null;
  const current = branches.find((branch) => sameAddress(addressFromProfile(branch.address), address));
  return (
    <SelectField
      label="Ship from a branch"
      name="branch"
      hint={COPY.branchHint}
      options={branches.map((branch) => ({ value: branch.id, label: branch.name }))}
      placeholder={COPY.branchPlaceholder}
      value={current?.id ?? ''}
      onChange={(id) => {
        const branch = branches.find((b) => b.id === id);
        if (branch) onChoose(branch);
      }}
    />
  );
}
