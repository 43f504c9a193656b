import type { PaymentOptions } from '@portal/api-client';
import { visibleError, type FieldErrors } from '@portal/forms';
import { FileUploadField, SummaryCard } from '@portal/forms/units';
import { MutedText, RadioGroup, Stack, TextField } from '@portal/ui';
import { LoadFailed, Loading } from '../LoadState';
import { CHECKOUT_COPY } from './copy';
import type { PaymentOptionsState } from './usePaymentOptions';
import { METHOD_LABELS, defaultMethod, poNumberMax, validatePayment, type PaymentField, type PaymentValues } from './payment';

export interface PaymentSectionProps {
  options: PaymentOptionsState;
  onRetry: () => void;
  values: PaymentValues;
  onChange: (values: PaymentValues) => void;
  showErrors: boolean;
  serverErrors: FieldErrors<PaymentField>;
}

function PaymentFields({
  options,
  values,
  onChange,
  showErrors,
  serverErrors,
}: Omit<PaymentSectionProps, 'options' | 'onRetry'> & { options: PaymentOptions }) {
  // Until the customer picks, the method is the default the options give (spec §5).
  const current: PaymentValues = values.method === '' ? { ...values, method: defaultMethod(options) } : values;
  const errors = validatePayment(current, options);
  const errorOf = (field: PaymentField) => visibleError(errors[field], serverErrors[field], showErrors);
  return (
    <Stack>
      <RadioGroup
        legend="Payment Method"
        name="paymentMethod"
        role="radiogroup"
        inline
        options={options.methods.map((method) => ({ value: method, label: METHOD_LABELS[method] }))}
        value={current.method}
        onChange={(method) => onChange({ ...current, method })}
        error={errorOf('method')}
      />
      {current.method === 'PayPal' ? <MutedText>{CHECKOUT_COPY.cardNext}</MutedText> : null}
      {current.method === 'PO' ? (
        <Stack>
          <TextField
            label="PO Number"
            name="poNumber"
            value={current.poNumber}
            maxLength={poNumberMax(options)}
            autoComplete="off"
            onChange={(event) => onChange({ ...current, poNumber: event.target.value })}
            error={errorOf('poNumber')}
          />
          {options.poReleaseRequired ? (
            <TextField
              label="Release Number"
              name="poRelease"
              value={current.poRelease}
              inputMode="numeric"
              maxLength={5}
              autoComplete="off"
              hint={CHECKOUT_COPY.poReleaseHint}
              onChange={(event) => onChange({ ...current, poRelease: event.target.value })}
              error={errorOf('poRelease')}
            />
          ) : null}
          <FileUploadField
            label="PO File"
            idPrefix="po-file"
            help={CHECKOUT_COPY.poFileHelp}
            file={current.poFile}
            onChange={(poFile) => onChange({ ...current, poFile })}
            attachedText={CHECKOUT_COPY.poFileAttached}
            error={errorOf('poFile')}
          />
        </Stack>
      ) : null}
    </Stack>
  );
}

/** The checkout's Payment card: card or PO (spec §5), the PO number, release number and file. */
export function PaymentSection({ options, onRetry, ...rest }: PaymentSectionProps) {
  return (
    <SummaryCard title="Payment">
      {options.status === 'loading' ? <Loading>{CHECKOUT_COPY.paymentOptionsLoading}</Loading> : null}
      {options.status === 'failed' ? <LoadFailed message={CHECKOUT_COPY.paymentOptionsFailed} onRetry={onRetry} /> : null}
      {options.status === 'ready' ? <PaymentFields options={options.options} {...rest} /> : null}
    </SummaryCard>
  );
}
