import { useState } from 'react';
import { useApi } from '@portal/auth';
import { messages, validateAddress, validateContact, type AddressValues, type ContactValues } from '@portal/forms';
import { AddressForm, ContactForm } from '@portal/forms/components';
import { StepForm, useCountries } from '@portal/forms/units';

export interface ContactStepProps {
  contact: ContactValues;
  address: AddressValues;
  onContactChange: (values: ContactValues) => void;
  onAddressChange: (values: AddressValues) => void;
  onBack: () => void;
  onContinue: () => void;
}

/** Step 2: who we contact and where the label is for (spec §2, §5). */
export function ContactStep({ contact, address, onContactChange, onAddressChange, onBack, onContinue }: ContactStepProps) {
  const api = useApi();
  const countries = useCountries();
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
      <ContactForm value={contact} onChange={onContactChange} showAllErrors={showAll} />
      <AddressForm value={address} onChange={onAddressChange} countries={countries} locations={api.locations} showAllErrors={showAll} legend="Your Address" />
    </StepForm>
  );
}
