import { useState } from 'react';
import { useApi, useSessionState } from '@portal/auth';
import {
  messages,
  validateAddress,
  validateContact,
  type AddressField,
  type AddressValues,
  type ContactField,
  type ContactValues,
  type FieldErrors,
} from '@portal/forms';
import { AddressForm, ContactForm } from '@portal/forms/components';
import { StepForm } from '@portal/forms/units';
import { useCountries } from '@portal/forms/units';
import { BranchSelect, shipFromBranch } from '../../../shared/BranchSelect';
import { useBranches } from '../../../shared/useBranches';

export interface ContactStepProps {
  contact: ContactValues;
  address: AddressValues;
  onContactChange: (values: ContactValues) => void;
  onAddressChange: (values: AddressValues) => void;
  serverErrors: { contact: FieldErrors<ContactField>; address: FieldErrors<AddressField> };
  onBack: () => void;
  onContinue: () => void;
}

/** Step 2: who we contact and where the unit ships from (spec §2, §5). */
export function ContactStep({
  contact,
  address,
  onContactChange,
  onAddressChange,
  serverErrors,
  onBack,
  onContinue,
}: ContactStepProps) {
  const api = useApi();
  const countries = useCountries();
  const session = useSessionState();
  // Spec §6: organization members may ship from one of the organization's branches.
  const member = session.status === 'signed-in' && Boolean(session.profile.org?.name);
  const branches = useBranches(member);
  const [showAll, setShowAll] = useState(false);
  const valid = Object.keys(validateContact(contact)).length === 0 && Object.keys(validateAddress(address)).length === 0;

  return (
    <StepForm
      label="Contact Info"
      valid={valid}
      invalidMessage={messages.errorValidatingInformation}
      onInvalidAttempt={() => setShowAll(true)}
      onBack={onBack}
      onContinue={onContinue}
    >
      <ContactForm value={contact} onChange={onContactChange} showAllErrors={showAll} serverErrors={serverErrors.contact} />
      <BranchSelect
        state={branches}
        address={address}
        onChoose={(branch) => {
          const filled = shipFromBranch(branch, contact);
          onContactChange(filled.contact);
          onAddressChange(filled.address);
        }}
      />
      <AddressForm
        value={address}
        onChange={onAddressChange}
        countries={countries}
        locations={api.locations}
        showAllErrors={showAll}
        serverErrors={serverErrors.address}
      />
    </StepForm>
  );
}
