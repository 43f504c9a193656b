import { useLocation } from '@portal/router';
import { hasClientRole, permissions, useSession, useSessionState } from '@portal/auth';
import { Banner, Loading, PageTitle, Stack } from '@portal/ui';
import type { CartKind } from '../cart/model';
import { SignInPrompt } from '../SignInPrompt';
import { AwaitingPayment } from './AwaitingPayment';
import { CheckoutForm } from './CheckoutForm';
import { CHECKOUT_COPY } from './copy';
import { CHECKOUT_PAGES } from './pages';
import { readPaymentReturn } from './payment';
import { PaymentReturnView } from './PaymentReturnView';

/**
 * A checkout (parts-order/checkout, video-parts-order/checkout). Sign-in is needed at this step:
 * a signed-out visitor is told why and offered sign-in, coming back here; an account without
 * service:partorder:create (and, for video parts, service:video:serial:read) is told it cannot
 * order. Then contact and address (prefilled from the profile), payment by card or PO, and the
 * cart reconciled with the server before the order is placed.
 */
export function Checkout({ kind }: { kind: CartKind }) {
  const session = useSessionState();
  const { clientId } = useSession();
  const location = useLocation();
  const back = readPaymentReturn(location.search);

  let body;
  if (session.status === 'loading') body = <Loading>Loading your account…</Loading>;
  else if (session.status === 'signed-out') body = <SignInPrompt title={CHECKOUT_COPY.signInTitle} reason={CHECKOUT_COPY.signInReason} />;
  else {
    const refusals = [
      hasClientRole(session.roles, clientId, permissions.createPartOrder) ? null : CHECKOUT_COPY.cannotOrder,
      kind === 'video' && !hasClientRole(session.roles, clientId, permissions.videoSerialPermission) ? CHECKOUT_COPY.cannotReadVideoSerials : null,
    ].filter((r) => r !== null);
    if (refusals.length > 0)
      body = (
        <Stack>
          {refusals.map((refusal) => (
            <Banner key={refusal} variant="warning">
              {refusal}
            </Banner>
          ))}
        </Stack>
      );
    else if (back) body = <PaymentReturnView key={location.search} kind={kind} back={back} profile={session.profile} />;
    else
      body = (
        <Stack $gap="lg">
          <AwaitingPayment kind={kind} />
          <CheckoutForm kind={kind} profile={session.profile} />
        </Stack>
      );
  }

  return (
    <Stack $gap="lg">
      <PageTitle>{CHECKOUT_PAGES[kind].title}</PageTitle>
      {body}
    </Stack>
  );
}
