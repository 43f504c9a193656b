import type { Unit } from '@portal/api-client';
import { Facts } from '@portal/forms/units';
import type { ProblemValues } from '../model/problem';
import { asksAboutData } from '../model/problem';

const yes = (value: boolean) => (value ? 'Yes' : 'No');

export function ProblemFacts({ problem, unit }: { problem: ProblemValues; unit: Unit | null }) {
  const accessories = (
    [
      ['hardCase', 'Hard Case'],
      ['acPower', 'AC Adapter'],
      ['battery', 'Battery'],
      ['storage', 'HDD/SSD'],
    ] as const
  )
    .filter(([key]) => problem.acc[key])
    .map(([, label]) => label);
  const veretos = unit ? asksAboutData(unit) : false;
  return (
    <Facts
      rows={[
        ['Primary Fault', problem.primaryFault],
        ['Problem', problem.problem],
        ['Service Request Notes', problem.initialNotes],
        ['Re-image', yes(problem.reimage === 'yes')],
        ['BIOS update', yes(problem.biosFirmware === 'yes')],
        ['Accessories', accessories.join(', ') || 'None'],
        ...(veretos ? ([['Data on the device', yes(problem.hasDeviceData === 'yes')]] as const) : []),
        ['Reference Id', problem.customerReference],
        ['Asset Tag', problem.assetTag],
        ['Attachments', problem.attachments.map((f) => f.originalname).join(', ')],
      ]}
    />
  );
}

/** An upgrade's summary: the category, the option and what the customer added. */
export function UpgradeFacts({ problem }: { problem: ProblemValues }) {
  return (
    <Facts
      rows={[
        ['Category', problem.primaryFault],
        ['Upgrade', problem.problem],
        ['Notes', problem.initialNotes],
        ['Reference Id', problem.customerReference],
        ['Asset Tag', problem.assetTag],
      ]}
    />
  );
}
