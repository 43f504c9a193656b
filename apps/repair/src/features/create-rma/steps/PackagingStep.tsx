import { useState } from 'react';
import styled from 'styled-components';
import type { OfficeQuery, Unit } from '@portal/api-client';
import { messages, type AddressValues, type ContactValues } from '@portal/forms';
import { Banner, MutedText, RadioGroup, Stack } from '@portal/ui';
import { StepForm } from '@portal/forms/units';
import { COPY } from '../copy';
import { useShippingOffices } from '../hooks/useShippingOffices';
import { effectivePackaging, isGuam, shippingMode, type PackagingChoice } from '../model/packaging';

const OfficeList = styled.ol`
  margin: 0;
  padding-left: ${({ theme }) => theme.space.lg};
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.sm};
`;

export interface PackagingStepProps {
  unit: Unit | null;
  contact: ContactValues;
  address: AddressValues;
  choice: PackagingChoice | '';
  onChoose: (choice: PackagingChoice) => void;
  serverError?: string;
  onBack: () => void;
  onContinue: () => void;
}

function officeQuery(contact: ContactValues, address: AddressValues): OfficeQuery {
  return {
    firstName: contact.firstName.trim(),
    lastName: contact.lastName.trim(),
    line1: address.line1.trim(),
    line2: address.line2.trim(),
    city: address.city.trim(),
    state: address.state.trim(),
    postalCode: address.postalCode.trim(),
    country: address.country.trim(),
  };
}

function NearbyOffices({ contact, address }: { contact: ContactValues; address: AddressValues }) {
  const offices = useShippingOffices(officeQuery(contact, address));
  if (offices.status === 'failed') return <Banner variant="warning">{COPY.officesFailed}</Banner>;
  if (offices.status !== 'ready') return <MutedText role="status">{COPY.officesLoading}</MutedText>;
  if (offices.offices.length === 0) return <MutedText>{COPY.officesNone}</MutedText>;
  return (
    <OfficeList aria-label="Nearby shipping offices">
      {offices.offices.map((office) => (
        <li key={office.id}>
          <strong>{office.name}</strong> ({office.distanceMiles.toFixed(1)} mi)
          <br />
          {office.line1}, {office.city}, {office.state} {office.postalCode}
          <br />
          <MutedText as="span">{office.hours}</MutedText>
        </li>
      ))}
    </OfficeList>
  );
}

/** Step 3: how the unit travels (spec §2, §4 packaging). */
export function PackagingStep({ unit, contact, address, choice, onChoose, serverError, onBack, onContinue }: PackagingStepProps) {
  const [showAll, setShowAll] = useState(false);
  const mode = shippingMode(address, unit);
  const packaging = effectivePackaging(mode, choice);
  const missing = packaging === '' ? messages.required : undefined;

  return (
    <StepForm
      label="Packaging & Shipping"
      valid={packaging !== ''}
      invalidMessage={messages.missingRequiredFields}
      onInvalidAttempt={() => setShowAll(true)}
      onBack={onBack}
      onContinue={onContinue}
    >
      <Stack>
        {isGuam(address) ? <Banner variant="warning">{COPY.guamBatteries}</Banner> : null}
        {mode === 'international' ? <Banner variant="warning">{COPY.international}</Banner> : null}
        {mode === 'label-only' ? <Banner>{COPY.labelOnly}</Banner> : null}
        {mode === 'advance-exchange' ? <Banner>{COPY.advanceExchange}</Banner> : null}
        {mode === 'choice' ? (
          <RadioGroup<PackagingChoice>
            legend={COPY.packagingLegend}
            name="packaging"
            value={choice}
            onChange={onChoose}
            error={(showAll ? missing : undefined) ?? serverError}
            options={[
              { value: 'label', label: COPY.packagingLabel, description: COPY.packagingLabelHint },
              { value: 'qr', label: COPY.packagingQr, description: COPY.packagingQrHint },
              { value: 'box', label: COPY.packagingBox, description: COPY.packagingBoxHint },
            ]}
          >
            {choice === 'qr' ? <NearbyOffices contact={contact} address={address} /> : null}
          </RadioGroup>
        ) : null}
      </Stack>
    </StepForm>
  );
}
