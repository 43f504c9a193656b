import { Link } from '@portal/router';
import styled from 'styled-components';
import { pathFor } from '@portal/routes';
import { Card, CardTitle, MutedText, PageTitle, Stack, LoadFailed, Loading } from '@portal/ui';
import { AccountNav } from '../../shared/AccountNav';
import { DriverItem } from './components/DriverItem';
import { COPY } from './copy';
import { useDrivers } from './hooks/useDrivers';

const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
`;

/**
 * Route your-account/drivers (spec §2): for each model of the customer's units, its drivers
 * (catalogue versions, release notes, checksums) with downloads from blob storage.
 */
export function DriversPage() {
  const { list, reload } = useDrivers();

  return (
    <Stack $gap="lg">
      <AccountNav />
      <PageTitle>{COPY.title}</PageTitle>
      <MutedText>{COPY.intro}</MutedText>
      {list.status === 'loading' ? <Loading>{COPY.loading}</Loading> : null}
      {list.status === 'failed' ? <LoadFailed message={COPY.loadFailed} onRetry={reload} retryLabel={COPY.retry} retryVariant="secondary" /> : null}
      {list.status === 'ready' && list.models.length === 0 ? (
        <Card>
          <Stack $gap="sm">
            <MutedText>{COPY.empty}</MutedText>
            <div>
              <Link to={pathFor('product-registration')}>{COPY.registerLink}</Link>
            </div>
          </Stack>
        </Card>
      ) : null}
      {list.status === 'ready'
        ? list.models.map((model) => (
            <Card key={model.model} aria-labelledby={`model-${model.model}`}>
              <CardTitle id={`model-${model.model}`}>
                {model.model}
                {model.modelFamily ? ` (${model.modelFamily})` : ''}
              </CardTitle>
              {model.drivers.length === 0 ? (
                <MutedText>{COPY.noDrivers}</MutedText>
              ) : (
                <List>
                  {model.drivers.map((driver) => (
                    <DriverItem key={driver.id} driver={driver} />
                  ))}
                </List>
              )}
            </Card>
          ))
        : null}
    </Stack>
  );
}
