import { useEffect, useState, type Dispatch } from 'react';
import { useApi, useSessionState } from '@portal/auth';
import { messages, validateAddress, validateContact, type SortedFieldErrors } from '@portal/forms';
import { AddressForm, ContactForm } from '@portal/forms/components';
import { StepForm, useCountries } from '@portal/forms/units';
import { MutedText, RadioGroup, Stack, TextField } from '@portal/ui';
import { BranchSelect, shipFromBranch } from '../../../shared/BranchSelect';
import { useBranches } from '../../../shared/useBranches';
import { COPY } from '../copy';
import type { BatchEvent, BatchPageState } from '../model/machine';
import { boxesFor, validatePackaging, type PackagingValues } from '../model/packaging';
import { branchKey, rowsBranch } from '../model/rows';

export interface DetailsStepProps {
  state: BatchPageState;
  dispatch: Dispatch<BatchEvent>;
  /** The submit's refusals of the contact, address and packaging. */
  serverErrors: SortedFieldErrors | null;
  onBack: () => void;
  onContinue: () => void;
}

/**
 * Step 3: one contact and return address for the whole batch (an organization member's rows that
 * name one branch start from that branch's, as 'Ship from a branch' fills them), and one packaging
 * choice: the customer's own boxes, N units a box, or boxes we send.
 */
export function DetailsStep({ state, dispatch, serverErrors, onBack, onContinue }: DetailsStepProps) {
  const api = useApi();
  const countries = useCountries();
  const session = useSessionState();
  const member = session.status === 'signed-in' && Boolean(session.profile.org?.name);
  const branches = useBranches(member);
  const [showAll, setShowAll] = useState(false);
  const { contact, address, packaging } = state;
  const named = rowsBranch(state.rows);
  const branch = branches.status === 'ready' && named ? branches.branches.find((b) => branchKey(b.name) === branchKey(named)) : undefined;

  // The rows' branch fills the contact and address once; the customer's edits then stay.
  useEffect(() => {
    if (!branch || state.branchApplied === branch.id) return;
    const filled = shipFromBranch(branch, contact);
    dispatch({ type: 'branchDefault', branch: branch.id, contact: filled.contact, address: filled.address });
  }, [branch, state.branchApplied, contact, dispatch]);

  const packagingError = validatePackaging(packaging);
  const serverPackaging = serverErrors?.other['packaging.unitsPerBox'] ?? serverErrors?.other['packaging.kind'];
  const valid =
    Object.keys(validateContact(contact)).length === 0 && Object.keys(validateAddress(address)).length === 0 && packagingError === undefined;
  const boxes = boxesFor(state.rows.length, packaging);
  const setPackaging = (values: PackagingValues) => dispatch({ type: 'packaging', values });

  return (
    <StepForm
      label={COPY.detailsLabel}
      valid={valid}
      invalidMessage={messages.errorValidatingInformation}
      onInvalidAttempt={() => setShowAll(true)}
      onBack={onBack}
      onContinue={onContinue}
    >
      <Stack $gap="lg">
        {branch ? <MutedText>{COPY.branchFromRows(branch.name)}</MutedText> : null}
        <ContactForm
          value={contact}
          onChange={(values) => dispatch({ type: 'contact', values })}
          showAllErrors={showAll}
          serverErrors={serverErrors?.contact}
        />
        <BranchSelect
          state={branches}
          address={address}
          onChoose={(chosen) => {
            const filled = shipFromBranch(chosen, contact);
            dispatch({ type: 'contact', values: filled.contact });
            dispatch({ type: 'address', values: filled.address });
          }}
        />
        <AddressForm
          value={address}
          onChange={(values) => dispatch({ type: 'address', values })}
          countries={countries}
          locations={api.locations}
          showAllErrors={showAll}
          serverErrors={serverErrors?.address}
        />
        <RadioGroup
          legend={COPY.packagingLegend}
          name="packaging"
          role="radiogroup"
          options={[
            { value: 'OWN_BOXES', label: COPY.ownBoxes, description: COPY.ownBoxesHint },
            { value: 'REQUEST_BOXES', label: COPY.requestBoxes, description: COPY.requestBoxesHint },
          ]}
          value={packaging.kind}
          onChange={(kind) => setPackaging({ ...packaging, kind })}
          error={packaging.kind === 'OWN_BOXES' ? undefined : serverPackaging}
        >
          {packaging.kind === 'OWN_BOXES' ? (
            <TextField
              label={COPY.unitsPerBox}
              name="unitsPerBox"
              inputMode="numeric"
              autoComplete="off"
              value={packaging.unitsPerBox}
              onChange={(event) => setPackaging({ ...packaging, unitsPerBox: event.target.value })}
              error={(showAll || packaging.unitsPerBox.trim() !== '' ? packagingError : undefined) ?? serverPackaging}
              hint={boxes !== null ? COPY.boxes(boxes) : undefined}
            />
          ) : null}
        </RadioGroup>
      </Stack>
    </StepForm>
  );
}
