import type { RepairSelection } from '@portal/api-client';
import { useApi } from '@portal/auth';
import { pathFor } from '@portal/routes';
import { Card, CardTitle, MutedText, Stack, Table, LoadFailed, Loading, formatMoney } from '@portal/ui';
import { ButtonLink } from '@portal/forms/units';
import { COPY } from '../copy';
import { useLoad } from '../../../shared/useLoad';

/**
 * The upgrades offered for the unit (GraphQL repairFormSelections, rmaType UPGRADE: the unit's
 * model's memory, storage, battery and radio options with their prices) and the way to order one.
 */
export function UnitUpgrades({ serial, model, endOfService }: { serial: string; model: string; endOfService: boolean }) {
  const api = useApi();
  const { state, retry } = useLoad<RepairSelection[]>(`upgrades:${serial}`, (signal) =>
    api.repair.repairFormSelections({ pn: '', model, rmaType: 'UPGRADE', serial }, { signal }),
  );
  const options = state.status === 'ready' && !endOfService ? state.value.filter((group) => group.options.length > 0) : [];
  return (
    <Card aria-label={COPY.upgradesTitle}>
      <CardTitle>{COPY.upgradesTitle}</CardTitle>
      <Stack>
        {state.status === 'loading' ? <Loading>{COPY.loadingUpgrades}</Loading> : null}
        {state.status === 'failed' ? <LoadFailed message={COPY.upgradesFailed} onRetry={retry} /> : null}
        {state.status === 'ready' && options.length === 0 ? <MutedText>{COPY.noUpgrades}</MutedText> : null}
        {options.length > 0 ? (
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
            <div>
              <ButtonLink to={pathFor('upgrade-device', { serial })}>{COPY.upgradeUnit}</ButtonLink>
            </div>
          </>
        ) : null}
      </Stack>
    </Card>
  );
}
