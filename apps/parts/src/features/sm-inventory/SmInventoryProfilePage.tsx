import { Link, useSearchParams } from '@portal/router';
import { isApiError, type UnitProfile } from '@portal/api-client';
import { useSessionState } from '@portal/auth';
import { messages, parseSerial } from '@portal/forms';
import { pathFor } from '@portal/routes';
import { Banner, Card, CardTitle, FactList, MutedText, PageTitle, Stack, Table, LoadFailed, Loading } from '@portal/ui';
import { SignInPrompt } from '../../shared/SignInPrompt';
import { UnitDrivers } from './components/UnitDrivers';
import { UnitUpgrades } from './components/UnitUpgrades';
import { COPY, SOURCE_TEXT, WARRANTY_TEXT, formatDay, statusText } from './copy';
import { useInventoryClient } from './hooks/useInventoryClient';
import { refused, useLoad } from '../../shared/useLoad';

const BackLink = () => <Link to={pathFor('sm-inventory')}>{COPY.backToInventory}</Link>;

const NotFound = ({ message }: { message: string }) => (
  <Stack>
    <Banner variant="warning">{message}</Banner>
    <BackLink />
  </Stack>
);

function Warranty({ unit }: { unit: UnitProfile }) {
  const f = COPY.facts;
  return (
    <Card aria-label={COPY.warrantyTitle}>
      <CardTitle>{COPY.warrantyTitle}</CardTitle>
      <FactList>
        <dt>{f.model}</dt>
        <dd>{unit.model}</dd>
        <dt>{f.family}</dt>
        <dd>{unit.modelFamily}</dd>
        <dt>{f.productType}</dt>
        <dd>{unit.productType}</dd>
        <dt>{f.warranty}</dt>
        <dd>{WARRANTY_TEXT[unit.warrantyState] ?? unit.warrantyState}</dd>
        <dt>{f.warrantyEnd}</dt>
        <dd>{formatDay(unit.warrantyEnd)}</dd>
        <dt>{f.registered}</dt>
        <dd>{unit.registered ? formatDay(unit.registeredAt) : COPY.notRegistered}</dd>
        <dt>{f.sources}</dt>
        <dd>{unit.sources.map((s) => SOURCE_TEXT[s] ?? s).join(', ')}</dd>
        <dt>{f.openRma}</dt>
        <dd>{unit.openRma ? `${unit.openRma.rmaNumber} (${statusText(unit.openRma.status)})` : COPY.none}</dd>
      </FactList>
    </Card>
  );
}

function History({ unit }: { unit: UnitProfile }) {
  const c = COPY.historyColumns;
  return (
    <Card aria-label={COPY.historyTitle}>
      <CardTitle>{COPY.historyTitle}</CardTitle>
      <Stack>
        {unit.rmas.length === 0 ? (
          <MutedText>{COPY.noRmas}</MutedText>
        ) : (
          <Table>
            <caption>{COPY.historyCaption}</caption>
            <thead>
              <tr>
                <th scope="col">{c.number}</th>
                <th scope="col">{c.type}</th>
                <th scope="col">{c.status}</th>
                <th scope="col">{c.opened}</th>
              </tr>
            </thead>
            <tbody>
              {unit.rmas.map((r) => (
                <tr key={r.uid}>
                  <th scope="row">
                    <Link to={pathFor('rma-history')}>{r.rmaNumber}</Link>
                  </th>
                  <td>{statusText(r.type)}</td>
                  <td>{statusText(r.status)}</td>
                  <td>{formatDay(r.createdAt)}</td>
                </tr>
              ))}
            </tbody>
          </Table>
        )}
        <div>
          <Link to={pathFor('rma-history')}>{COPY.openHistory}</Link>
        </div>
      </Stack>
    </Card>
  );
}

function Orders({ unit }: { unit: UnitProfile }) {
  const c = COPY.ordersColumns;
  return (
    <Card aria-label={COPY.ordersTitle}>
      <CardTitle>{COPY.ordersTitle}</CardTitle>
      <Stack>
        {unit.orders.length === 0 ? (
          <MutedText>{COPY.noOrders}</MutedText>
        ) : (
          <>
            <Table>
              <caption>{COPY.ordersCaption}</caption>
              <thead>
                <tr>
                  <th scope="col">{c.order}</th>
                  <th scope="col">{c.date}</th>
                  <th scope="col">{c.part}</th>
                  <th scope="col">{c.quantity}</th>
                </tr>
              </thead>
              <tbody>
                {unit.orders.map((o) => (
                  <tr key={`${o.rmaBatchId}:${o.partNumber}`}>
                    <th scope="row">{o.rmaBatchId}</th>
                    <td>{formatDay(o.createdAt)}</td>
                    <td>{o.partNumber}</td>
                    <td>{o.quantity}</td>
                  </tr>
                ))}
              </tbody>
            </Table>
            <div>
              <Link to={pathFor('parts-orders-history')}>{COPY.openOrders}</Link>
            </div>
          </>
        )}
      </Stack>
    </Card>
  );
}

function Profile({ serial }: { serial: string }) {
  const client = useInventoryClient();
  const { state, retry } = useLoad<UnitProfile>(serial, (signal) => client.profile(serial, { signal }));
  if (state.status === 'loading' || state.status === 'idle') return <Loading>{COPY.loadingProfile}</Loading>;
  if (state.status === 'failed') {
    // 'Serial Not Found' for a unit the account does not hold, exactly as for an unknown one.
    if (isApiError(state.error) && state.error.status === 404) return <NotFound message={state.error.message} />;
    if (refused(state.error)) return <Banner variant="warning">{(state.error as Error).message}</Banner>;
    return <LoadFailed message={COPY.profileFailed} onRetry={retry} />;
  }
  const unit = state.value;
  return (
    <Stack $gap="lg">
      <Warranty unit={unit} />
      <History unit={unit} />
      <Orders unit={unit} />
      <UnitDrivers model={unit.model} />
      <UnitUpgrades serial={unit.serial} model={unit.model} />
      <BackLink />
    </Stack>
  );
}

/**
 * sm-inventory-profile (public route, ?serial=): signed out, what a profile shows and an offer to
 * sign in; signed in, one unit of the account (GET /parts-manager/inventory/:serial) with its
 * warranty, RMAs, parts orders, drivers and upgrades. A unit the account does not hold answers
 * 'Serial Not Found' like an unknown one.
 */
export function SmInventoryProfilePage() {
  const session = useSessionState();
  const [params] = useSearchParams();
  const raw = params.get('serial')?.trim() ?? '';
  const parsed = parseSerial(raw);
  const serial = 'serial' in parsed ? parsed.serial : '';
  let body;
  if (session.status === 'loading') body = <Loading>{COPY.loadingSession}</Loading>;
  else if (session.status === 'signed-out') body = <SignInPrompt title={COPY.profileSignInTitle} reason={COPY.profileSignInReason} />;
  else if (!raw)
    body = (
      <Stack>
        <p>{COPY.noSerial}</p>
        <BackLink />
      </Stack>
    );
  // A value that is no serial names no unit: 'Serial Not Found', as the API would answer, unasked.
  else if (!serial) body = <NotFound message={messages.serialNotFound} />;
  else body = <Profile serial={serial} />;
  return (
    <Stack $gap="lg">
      <PageTitle>{serial ? COPY.profileTitle(serial) : COPY.title}</PageTitle>
      <MutedText>{COPY.profileIntro}</MutedText>
      {body}
    </Stack>
  );
}
