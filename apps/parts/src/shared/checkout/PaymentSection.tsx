import type { FieldErrors, PaymentField, PaymentValues } from '@portal/forms';
import { PaymentFields, SummaryCard, type PaymentOptionsState } from '@portal/forms/units';
import { LoadFailed, Loading } from '@portal/ui';
import { CHECKOUT_COPY } from './copy';

export interface PaymentSectionProps {
  options: PaymentOptionsState;
  onRetry: () => void;
  values: PaymentValues;
  onChange: (values: PaymentValues) => void;
  showErrors: boolean;
  serverErrors: FieldErrors<PaymentField>;
}

/** The checkout's Payment card: card or PO (spec §5), the PO number, release number and file. */
export function PaymentSection({ options, onRetry, ...rest }: PaymentSectionProps) {
  return (
    <SummaryCard title="Payment">
      {options.status === 'loading' ? <Loading>{CHECKOUT_COPY.paymentOptionsLoading}</Loading> : null}
      {options.status === 'failed' ? <LoadFailed message={CHECKOUT_COPY.paymentOptionsFailed} onRetry={onRetry} /> : null}
      {options.status === 'ready' ? <PaymentFields options={options.options} text={CHECKOUT_COPY} {...rest} /> : null}
    </SummaryCard>
  );
}
