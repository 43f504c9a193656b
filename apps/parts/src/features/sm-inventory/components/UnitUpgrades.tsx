import type { RepairSelection, VerifySerialResult } from '@portal/api-client';
import { useApi } from '@portal/auth';
import { UPGRADE_AFTER_OPEN_RMA, upgradeBlock, type UpgradeBlock } from '@portal/forms';
import { pathFor } from '@portal/routes';
import { Card, CardTitle, MutedText, Stack, Table, LoadFailed, Loading, formatMoney } from '@portal/ui';
import { ButtonLink } from '@portal/forms/units';
import { COPY } from '../copy';
import { useLoad } from '../../../shared/useLoad';

/** Why the upgrade page would refuse the unit; null when it would take it. A unit it cannot find takes none. */
function refusal(check: VerifySerialResult): UpgradeBlock | 'not-found' {
  return check.kind === 'found' ? upgradeBlock(check.unit) : 'not-found';
}

/**
 * The upgrades offered for the unit (GraphQL repairFormSelections, rmaType UPGRADE: the unit's
 * model's memory, storage, battery and radio options with their prices) and the way to order one.
 * 'Upgrade this unit' is offered only when upgrade-device would take the unit: the same serial
 * check that page makes (verify-serial) read by the same rule (@portal/forms upgradeBlock), so a
 * unit with an open RMA says when it can be upgraded instead of leading to a refusal.
 */
export function UnitUpgrades({ serial, model }: { serial: string; model: string }) {
  const api = useApi();
  const upgrades = useLoad<RepairSelection[]>(`upgrades:${serial}`, (signal) =>
    api.repair.repairFormSelections({ pn: '', model, rmaType: 'UPGRADE', serial }, { signal }),
  );
  const check = useLoad<VerifySerialResult>(`offer:${serial}`, (signal) => api.repair.verifySerial(serial, { signal }));
  const blocked = check.state.status === 'ready' ? refusal(check.state.value) : null;
  // A unit that takes no upgrade at all (end of service, the helpdesk's EX80) lists none.
  const none = blocked === 'end-of-service' || blocked === 'helpdesk' || blocked === 'not-found';
  const options = upgrades.state.status === 'ready' && !none ? upgrades.state.value.filter((group) => group.options.length > 0) : [];
  const loading = upgrades.state.status === 'loading' || check.state.status === 'loading';
  const settled = upgrades.state.status === 'ready' && check.state.status !== 'loading';
  return (
    <Card aria-label={COPY.upgradesTitle}>
      <CardTitle>{COPY.upgradesTitle}</CardTitle>
      <Stack>
        {loading ? <Loading>{COPY.loadingUpgrades}</Loading> : null}
        {upgrades.state.status === 'failed' ? <LoadFailed message={COPY.upgradesFailed} onRetry={upgrades.retry} /> : null}
        {settled && options.length === 0 ? <MutedText>{COPY.noUpgrades}</MutedText> : null}
        {settled && options.length > 0 ? (
          <>
            <Table>
              <caption>{COPY.upgradesTitle}</caption>
              <thead>
                <tr>
                  <th scope="col">Kind</th>
                  <th scope="col">Upgrade</th>
                  <th scope="col">Price</th>
                </tr>
              </thead>
              <tbody>
                {options.flatMap((group) =>
                  group.options.map((option) => (
                    <tr key={`${group.name}:${option.name}`}>
                      <td>{group.name}</td>
                      <th scope="row">{option.name}</th>
                      <td>{formatMoney(option.price)}</td>
                    </tr>
                  )),
                )}
              </tbody>
            </Table>
            {check.state.status === 'failed' ? <LoadFailed message={COPY.upgradeCheckFailed} onRetry={check.retry} /> : null}
            {blocked === 'open-rma' ? <MutedText>{UPGRADE_AFTER_OPEN_RMA}</MutedText> : null}
            {check.state.status === 'ready' && blocked === null ? (
              <div>
                <ButtonLink to={pathFor('upgrade-device', { serial })}>{COPY.upgradeUnit}</ButtonLink>
              </div>
            ) : null}
          </>
        ) : null}
      </Stack>
    </Card>
  );
}
