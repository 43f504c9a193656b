import type { PendingRmaPayment } from '@portal/api-client';
import { Banner, Button, Card, MutedText, Row, Spinner, Stack, formatMoney } from '@portal/ui';
import { COPY } from '../copy';

export type PendingAction = 'paying' | 'cancelling' | null;

export interface PendingPaymentProps {
  pending: PendingRmaPayment;
  /** What the customer started, while it runs. */
  busy: PendingAction;
  error: string | null;
  onPay: () => void;
  onCancel: () => void;
}

/**
 * The unit's RMA that awaits its payment, with what to do about it: pay it now (the same PayPal
 * order) or cancel it and free the unit.
 */
export function PendingPayment({ pending, busy, error, onPay, onCancel }: PendingPaymentProps) {
  return (
    <Card aria-label={COPY.pendingTitle(pending.rmaNumber)}>
      <Stack>
        <Banner variant="warning" title={COPY.pendingTitle(pending.rmaNumber)}>
          {COPY.pendingText(formatMoney(pending.amount))}
        </Banner>
        {error ? <Banner variant="error">{error}</Banner> : null}
        <Row>
          <Button onClick={onPay} aria-disabled={busy !== null || undefined} aria-busy={busy === 'paying' || undefined}>
            {busy === 'paying' ? <Spinner /> : null}
            {COPY.payNow}
          </Button>
          <Button $variant="secondary" onClick={onCancel} aria-disabled={busy !== null || undefined} aria-busy={busy === 'cancelling' || undefined}>
            {busy === 'cancelling' ? <Spinner /> : null}
            Cancel RMA
          </Button>
        </Row>
        <MutedText>{COPY.pendingAutoCancel}</MutedText>
      </Stack>
    </Card>
  );
}
