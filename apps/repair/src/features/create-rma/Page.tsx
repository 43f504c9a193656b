import { useId, useState } from 'react';
import { useParams } from 'react-router';
import { normalizeSerial } from '@portal/forms';
import { Card, CardTitle, PageTitle, Stack, Stepper } from '@portal/ui';
import { SerialField } from './components/SerialField';
import { UnitCard } from './components/UnitCard';
import { useSerialCheck } from './hooks/useSerialCheck';
import { CREATE_RMA_STEPS } from './steps';

function CreateRmaFlow({ initialSerial }: { initialSerial: string }) {
  const [serial, setSerial] = useState(() => normalizeSerial(initialSerial));
  const check = useSerialCheck(serial);
  const stepTitleId = useId();

  return (
    <Stack $gap="lg">
      <PageTitle>Create a repair RMA</PageTitle>
      <Stepper steps={CREATE_RMA_STEPS} current={1} label="Create RMA steps" />
      <Card aria-labelledby={stepTitleId}>
        <CardTitle id={stepTitleId}>{CREATE_RMA_STEPS[0]}</CardTitle>
        <Stack $gap="lg">
          <SerialField value={serial} onChange={setSerial} check={check} />
          {check.unit ? <UnitCard unit={check.unit} /> : null}
        </Stack>
      </Card>
    </Stack>
  );
}

/** Route create-rma/{serial?}: step 1 of the repair RMA, starting with the serial check. */
export function CreateRmaPage() {
  const { serial = '' } = useParams();
  // Following a link to another serial's create-rma page starts the flow over with that serial.
  return <CreateRmaFlow key={serial} initialSerial={serial} />;
}
