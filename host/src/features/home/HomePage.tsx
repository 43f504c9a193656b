import { Link } from '@portal/router';
import styled from 'styled-components';
import { useSession, useSessionState } from '@portal/auth';
import { pathFor } from '@portal/routes';
import { Button, Card, CardTitle, MutedText, PageTitle, Stack } from '@portal/ui';
import { ButtonLink } from '@portal/forms/units';

const Lead = styled.p`
  font-size: ${({ theme }) => theme.font.size.lg};
  margin: 0;
`;

const Steps = styled.ol`
  margin: 0;
  padding-left: ${({ theme }) => theme.space.lg};

  li + li {
    margin-top: ${({ theme }) => theme.space.sm};
  }
`;

const Notes = styled(Stack)`
  p {
    margin: 0;
  }
`;

const Columns = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.lg};
  grid-template-columns: repeat(auto-fit, minmax(${({ theme }) => theme.size.columnMin}, 1fr));
`;

function SignInPrompt() {
  const session = useSession();
  const state = useSessionState();
  if (state.status !== 'signed-out') return null;
  return (
    <Card aria-labelledby="sign-in-prompt">
      <CardTitle id="sign-in-prompt">Sign in to get started</CardTitle>
      <Stack $gap="sm">
        <MutedText>
          Creating an RMA needs your portal account, so we can use your saved contact and shipping details and
          keep you updated on the repair.
        </MutedText>
        <div>
          <Button onClick={() => void session.signIn(pathFor('create-rma'))}>Sign in</Button>
        </div>
      </Stack>
    </Card>
  );
}

/** What the portal does, and the way into a repair. */
export function HomePage() {
  return (
    <Stack $gap="lg">
      <Stack $gap="sm">
        <PageTitle>Repairs and service for your rugged devices</PageTitle>
        <Lead>
          Send a laptop, tablet or handheld in for repair: check its warranty by serial number, describe the
          problem, and get a prepaid shipping label.
        </Lead>
      </Stack>
      <div>
        <ButtonLink to={pathFor('create-rma')}>Create a repair RMA</ButtonLink>
      </div>
      <SignInPrompt />
      <Columns>
        <Card aria-labelledby="how-it-works">
          <CardTitle id="how-it-works">How a repair works</CardTitle>
          <Steps>
            <li>
              <strong>Enter the serial number.</strong> We look the unit up and show its model and warranty status.
            </li>
            <li>
              <strong>Describe the problem.</strong> Pick the fault, add notes, photos or videos, and list the
              accessories you are sending.
            </li>
            <li>
              <strong>Add contact and shipping details.</strong> Your saved address is filled in for you.
            </li>
            <li>
              <strong>Choose packaging.</strong> Use your own box with a label, drop the unit off at a shipping
              office, or request a box (allow 3-5 business days).
            </li>
            <li>
              <strong>Confirm and download your label.</strong> The shipping label is valid for 30 days.
            </li>
          </Steps>
        </Card>
        <Card aria-labelledby="before-you-start">
          <CardTitle id="before-you-start">Before you start</CardTitle>
          <Notes $gap="sm">
            <p>Have the unit's serial number at hand: it is printed on the product label.</p>
            <p>Back up the data on the unit. A repair may include re-imaging the system or replacing the drive.</p>
            <p>
              Units out of warranty can still be repaired: repairs may require payment upon diagnosis/inspection,
              by credit card or purchase order.
            </p>
          </Notes>
        </Card>
        <Card aria-labelledby="parts-and-units">
          <CardTitle id="parts-and-units">Parts, upgrades and your units</CardTitle>
          <Notes $gap="sm">
            <p>
              <Link to={pathFor('parts-order')}>Order parts</Link>: batteries, chargers, screens, drives and radio
              modules, by serial number, model or part number.
            </p>
            <p>
              <Link to={pathFor('video-parts-order')}>Parts for body-worn cameras</Link>: batteries, docks and mounts
              for the cameras your account holds.
            </p>
            <p>
              <Link to={pathFor('upgrade-device')}>Upgrade a unit</Link>: more memory, storage, battery or a radio
              module, fitted at the service center.
            </p>
            <p>
              <Link to={pathFor('sm-inventory')}>Your units</Link>: every unit you and your organization hold, with
              its warranty and open RMA.
            </p>
          </Notes>
        </Card>
      </Columns>
    </Stack>
  );
}
