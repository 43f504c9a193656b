import { useLocation, useParams } from '@portal/router';
import { useSession, useSessionState } from '@portal/auth';
import { normalizeSerial } from '@portal/forms';
import { Button, Card, CardTitle, MutedText, PageTitle, Row, Spinner, Stack } from '@portal/ui';
import { COPY } from '../create-rma/copy';
import { UPGRADE_FLOW } from '../create-rma/model/kind';
import { RmaStepperPage } from '../create-rma/Page';

/** What a signed-out visitor is told, with sign-in that comes back to this very page. */
function SignedOut() {
  const session = useSession();
  const location = useLocation();
  const { serial = '' } = useParams();
  return (
    <Stack $gap="lg">
      <PageTitle>{UPGRADE_FLOW.title}</PageTitle>
      <Card aria-label="Upgrades">
        <CardTitle>Upgrade memory, storage, battery or radio modules</CardTitle>
        <Stack>
          <p>{COPY.upgradeIntro}</p>
          {serial ? <p>Unit: {normalizeSerial(serial)}</p> : null}
          <MutedText>{COPY.upgradeSignIn}</MutedText>
          <div>
            <Button onClick={() => void session.signIn(`${location.pathname}${location.search}`)}>Sign in</Button>
          </div>
        </Stack>
      </Card>
    </Stack>
  );
}

/**
 * Route upgrade-device/{serial?} (public): the upgrades a unit's model takes (memory, storage,
 * battery, radio modules), priced, chosen, then contact, packaging, payment by card or PO like an
 * out-of-warranty repair, and the label of the upgrade RMA. Signed out, it says what it offers
 * and asks to sign in first: the serial check, the prices and the request are the account's.
 */
export function UpgradeDevicePage() {
  const session = useSessionState();
  if (session.status === 'loading') {
    return (
      <Row $gap="sm" role="status">
        <Spinner />
        <span>Loading..</span>
      </Row>
    );
  }
  if (session.status !== 'signed-in') return <SignedOut />;
  return <RmaStepperPage kind={UPGRADE_FLOW} />;
}
