import { useState } from 'react';
import type { Driver } from '@portal/api-client';
import { useApi } from '@portal/auth';
import { Banner, Button, Card, CardTitle, MutedText, Stack, Table, VisuallyHidden, LoadFailed, Loading, saveBlob } from '@portal/ui';
import { COPY, formatDay } from '../copy';
import { useLoad } from '../../../shared/useLoad';

/** The account service's drivers of the unit's model (the drivers call lists every model of the account's units). */
export function UnitDrivers({ model }: { model: string }) {
  const api = useApi();
  const { state, retry } = useLoad<Driver[]>(`drivers:${model}`, async (signal) => {
    const models = await api.accountManager.drivers({ signal });
    return models.filter((m) => m.model === model).flatMap((m) => m.drivers);
  });
  const [failed, setFailed] = useState(false);
  const download = async (driver: Driver) => {
    setFailed(false);
    try {
      saveBlob(await api.accountManager.downloadDriver(driver.id), driver.fileName);
    } catch (error) {
      console.error('Downloading a driver failed', error);
      setFailed(true);
    }
  };
  return (
    <Card aria-label={COPY.driversTitle}>
      <CardTitle>{COPY.driversTitle}</CardTitle>
      <Stack>
        {state.status === 'loading' ? <Loading>{COPY.loadingDrivers}</Loading> : null}
        {state.status === 'failed' ? <LoadFailed message={COPY.driversFailed} onRetry={retry} /> : null}
        {state.status === 'ready' && state.value.length === 0 ? <MutedText>{COPY.noDrivers(model)}</MutedText> : null}
        {failed ? <Banner variant="error">{COPY.driverFailed}</Banner> : null}
        {state.status === 'ready' && state.value.length > 0 ? (
          <Table>
            <caption>
              <VisuallyHidden>{COPY.driversTitle}</VisuallyHidden>
            </caption>
            <thead>
              <tr>
                <th scope="col">Driver</th>
                <th scope="col">Version</th>
                <th scope="col">Operating system</th>
                <th scope="col">Released</th>
                <th scope="col">
                  <VisuallyHidden>{COPY.downloadDriver}</VisuallyHidden>
                </th>
              </tr>
            </thead>
            <tbody>
              {state.value.map((driver) => (
                <tr key={driver.id}>
                  <th scope="row">{driver.name}</th>
                  <td>{driver.version}</td>
                  <td>{driver.os}</td>
                  <td>{formatDay(driver.releaseDate)}</td>
                  <td>
                    <Button $variant="secondary" onClick={() => void download(driver)}>
                      {COPY.downloadDriver}
                      <VisuallyHidden> {driver.name}</VisuallyHidden>
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
        ) : null}
      </Stack>
    </Card>
  );
}
