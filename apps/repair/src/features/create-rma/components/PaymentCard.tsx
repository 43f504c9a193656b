import styled from 'styled-components';
import type { Money, PaymentOptions } from '@portal/api-client';
import type { FieldErrors } from '@portal/forms';
import { visibleError } from '@portal/forms';
import { Banner, Button, MutedText, RadioGroup, Row, Spinner, Stack, TextField } from '@portal/ui';
import { FileUploadField, SummaryCard } from '@portal/forms/units';
import { COPY } from '../copy';
import type { PaymentOptionsState } from '../hooks/usePaymentOptions';
import {
  METHOD_LABELS,
  formatTotal,
  poNumberMax,
  validatePayment,
  type PaymentField,
  type PaymentValues,
} from '../model/payment';
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

function PaymentFields({
  options,
  values,
  onChange,
  showErrors,
  serverErrors,
}: {
  options: PaymentOptions;
  values: PaymentValues;
  onChange: (values: PaymentValues) => void;
  showErrors: boolean;
  serverErrors: FieldErrors<PaymentField>;
}) {
  const errors = validatePayment(values, options);
  const errorOf = (field: PaymentField) => visibleError(errors[field], serverErrors[field], showErrors);
  return (
    <Stack>
      <RadioGroup
        legend="Payment Method"
        name="paymentMethod"
        role="radiogroup"
        inline
        options={options.methods.map((method) => ({ value: method, label: METHOD_LABELS[method] }))}
        value={values.method}
        onChange={(method) => onChange({ ...values, method })}
        error={errorOf('method')}
      />
      {values.method === 'PayPal' ? <MutedText>{COPY.cardNext}</MutedText> : null}
      {values.method === 'PO' ? (
        <Stack>
          <TextField
            label="PO Number"
            name="poNumber"
            value={values.poNumber}
            maxLength={poNumberMax(options)}
            autoComplete="off"
            onChange={(event) => onChange({ ...values, poNumber: event.target.value })}
            error={errorOf('poNumber')}
          />
          {options.poReleaseRequired ? (
            <TextField
              label="Release Number"
              name="poRelease"
              value={values.poRelease}
              inputMode="numeric"
              maxLength={5}
              autoComplete="off"
              hint={COPY.poReleaseHint}
              onChange={(event) => onChange({ ...values, poRelease: event.target.value })}
              error={errorOf('poRelease')}
            />
          ) : null}
          <FileUploadField
            label="PO File"
            idPrefix="po-file"
            help={COPY.poFileHelp}
            file={values.poFile}
            onChange={(poFile) => onChange({ ...values, poFile })}
            attachedText={COPY.poFileAttached}
            error={errorOf('poFile')}
          />
        </Stack>
      ) : null}
    </Stack>
  );
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
        {total ? <Total>Total: {formatTotal(total)}</Total> : null}
        {!total && options.status === 'ready' ? <MutedText>{COPY.priceUnknown}</MutedText> : null}
        {options.status === 'ready' && hasFlatDiscount(options.options.discountPercent) && !fromQuote ? (
          <MutedText>{COPY.discountApplied(options.options.discountPercent)}</MutedText>
        ) : null}
        {options.status === 'loading' ? (
          <Row $gap="sm" role="status">
            <Spinner />
            <span>{COPY.paymentOptionsLoading}</span>
          </Row>
        ) : null}
        {options.status === 'failed' ? (
          <Stack $gap="sm">
            <Banner variant="error">{COPY.paymentOptionsFailed}</Banner>
            <div>
              <Button $variant="secondary" onClick={onRetry}>
                Load payment options again
              </Button>
            </div>
          </Stack>
        ) : null}
        {options.status === 'ready' ? (
          <PaymentFields options={options.options} values={values} onChange={onChange} showErrors={showErrors} serverErrors={serverErrors} />
        ) : null}
      </Stack>
    </SummaryCard>
  );
}
