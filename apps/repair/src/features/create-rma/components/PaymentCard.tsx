import styled from 'styled-components';
import type { Money } from '@portal/api-client';
import type { FieldErrors, PaymentField, PaymentValues } from '@portal/forms';
import { LoadFailed, Loading, MutedText, Stack, formatMoney } from '@portal/ui';
import { PaymentFields, SummaryCard, type PaymentOptionsState } from '@portal/forms/units';
import { COPY } from '../copy';
import { hasFlatDiscount } from '../model/price';

const Total = styled.p`
  margin: 0;
  font-size: ${({ theme }) => theme.font.size.lg};
  font-weight: ${({ theme }) => theme.font.weight.medium};
`;

export interface PaymentCardProps {
  options: PaymentOptionsState;
  onRetry: () => void;
  values: PaymentValues;
  onChange: (values: PaymentValues) => void;
  /** What the customer pays; null while the price is not known here. */
  total: Money | null;
  /** Every field's message shows (after a submit attempt). */
  showErrors: boolean;
  /** The server's messages for the card's fields (create/oow 400). */
  serverErrors: FieldErrors<PaymentField>;
  /** The total comes from a saved quote (already discounted). */
  fromQuote?: boolean;
}

/**
 * The confirm step's Payment card of an out-of-warranty unit (spec §2, §5): the total, the
 * payment method (Credit Card for everyone, PO for holders of the PO permission, the default for
 * them) and, for PO, the PO number, the release number when the customer's domain needs one, and
 * the PO file, uploaded when chosen.
 */
export function PaymentCard({ options, onRetry, values, onChange, total, showErrors, serverErrors, fromQuote = false }: PaymentCardProps) {
  return (
    <SummaryCard title="Payment">
      <Stack>
        {total ? <Total>Total: {formatMoney(total)}</Total> : null}
        {!total && options.status === 'ready' ? <MutedText>{COPY.priceUnknown}</MutedText> : null}
        {options.status === 'ready' && hasFlatDiscount(options.options.discountPercent) && !fromQuote ? (
          <MutedText>{COPY.discountApplied(options.options.discountPercent)}</MutedText>
        ) : null}
        {options.status === 'loading' ? <Loading>{COPY.paymentOptionsLoading}</Loading> : null}
        {options.status === 'failed' ? (
          <LoadFailed message={COPY.paymentOptionsFailed} onRetry={onRetry} retryLabel="Load payment options again" retryVariant="secondary" />
        ) : null}
        {options.status === 'ready' ? (
          <PaymentFields
            options={options.options}
            values={values}
            onChange={onChange}
            showErrors={showErrors}
            serverErrors={serverErrors}
            text={COPY}
          />
        ) : null}
      </Stack>
    </SummaryCard>
  );
}
