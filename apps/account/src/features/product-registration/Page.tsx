import { useState } from 'react';
import { Badge } from '../../shared/Badge';
import { AccountNav } from '../../shared/AccountNav';
import { Banner, Card, CardTitle, MutedText, PageTitle, Stack, Table, VisuallyHidden, LoadFailed, Loading, formatDate } from '@portal/ui';
import { RegistrationForm } from './components/RegistrationForm';
import { COPY } from './copy';
import { useRegistrations, type RegistrationList } from './hooks/useRegistrations';
import { warrantyText } from './model/registration';

function Registrations({ list, onRetry }: { list: RegistrationList; onRetry: () => void }) {
  if (list.status === 'loading') return <Loading>{COPY.loading}</Loading>;
  if (list.status === 'failed') return <LoadFailed message={COPY.loadFailed} onRetry={onRetry} retryLabel={COPY.retry} retryVariant="secondary" />;
  if (list.items.length === 0) return <MutedText>{COPY.empty}</MutedText>;
  return (
    <Table aria-label={COPY.listTitle}>
      <thead>
        <tr>
          <th scope="col">Serial</th>
          <th scope="col">Model</th>
          <th scope="col">Purchase Date</th>
          <th scope="col">Warranty</th>
          <th scope="col">
            <VisuallyHidden>Owner</VisuallyHidden>
          </th>
        </tr>
      </thead>
      <tbody>
        {list.items.map((item) => (
          <tr key={item.serial}>
            <th scope="row">{item.serial}</th>
            <td>{item.model}</td>
            <td>{formatDate(item.purchaseDate) || item.purchaseDate}</td>
            <td>{warrantyText(item)}</td>
            <td>{item.mine ? null : <Badge>{COPY.organization}</Badge>}</td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}

/**
 * Route your-account/product-registration (spec §2): the units the customer (and, for a member,
 * the organization) registered, and registering another by serial, purchase date and proof of
 * purchase. A registered unit is the customer's: its drivers show on the drivers page.
 */
export function ProductRegistrationPage() {
  const { list, reload } = useRegistrations();
  const [notice, setNotice] = useState<string | null>(null);

  return (
    <Stack $gap="lg">
      <AccountNav />
      <PageTitle>{COPY.title}</PageTitle>
      <MutedText>{COPY.intro}</MutedText>
      <Card>
        <CardTitle>{COPY.listTitle}</CardTitle>
        <Registrations list={list} onRetry={reload} />
      </Card>
      <Card>
        <CardTitle>{COPY.formTitle}</CardTitle>
        <Stack>
          {notice ? <Banner variant="info">{notice}</Banner> : null}
          <RegistrationForm
            onRegistered={(registration) => {
              setNotice(COPY.registered(registration.serial));
              reload();
            }}
          />
        </Stack>
      </Card>
    </Stack>
  );
}
