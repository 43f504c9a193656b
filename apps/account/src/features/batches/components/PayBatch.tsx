import { useState, type FormEvent } from 'react';
import { isApiError, type Batch, type BatchClient, type PaymentOptions } from '@portal/api-client';
import { customerPO, defaultMethod, emptyPayment, validatePayment, type FieldErrors, type PaymentField, type PaymentValues } from '@portal/forms';
import { browser, failureMessage } from '@portal/forms/payable';
import { PaymentFields, usePaymentOptions } from '@portal/forms/units';
import { Banner, LoadFailed, Loading, MutedText, Stack } from '@portal/ui';
import { SubmitButton } from '../../../shared/SubmitButton';
import { useInvalidSubmit } from '../../../shared/useInvalidSubmit';
import { BATCH_COPY } from '../copy';

export interface PayBatchProps {
  client: BatchClient;
  batchId: string;
  /** The batch as the payment left it (a PO pays at once). */
  onPaid: (batch: Batch) => void;
  /**
   * A 409 that found the batch changed (batch.quoteChanged: rows taken off the quote and its new
   * total; batch.quoteExpired; a removal meanwhile), in the API's words: the page says it and
   * reads the batch again.
   */
  onStale: (message: string) => void;
}

/** /pay's field errors are named as its body names them (no paymentData. prefix, unlike submit's). */
const PAY_FIELD_PATHS: Readonly<Record<string, PaymentField>> = {
  paymentMethod: 'method',
  customerPO: 'poNumber',
  poRelease: 'poRelease',
  customerPOFileId: 'poFile',
};

/** A 400 answer of /pay, on the payment's fields; a path the form has no field for is left to the banner. */
export function payServerErrors(fields: Record<string, string>): FieldErrors<PaymentField> {
  const errors: FieldErrors<PaymentField> = {};
  for (const [path, message] of Object.entries(fields)) {
    const field = PAY_FIELD_PATHS[path];
    if (field) errors[field] = message;
  }
  return errors;
}

/** Until the customer picks, the method is the options' default (PO for holders of the PO permission). */
function shown(values: PaymentValues, options: PaymentOptions | null): PaymentValues {
  return values.method === '' && options ? { ...values, method: defaultMethod(options) } : values;
}

/**
 * Pays the batch's saved quote: by PO at once (the PO number, the release number when the
 * customer's domain needs one, and the PO file: the same fields, rules and messages as one RMA's
 * payment step), or by card, which leaves for PayPal and comes back to the batch page.
 */
export function PayBatch({ client, batchId, onPaid, onStale }: PayBatchProps) {
  const [values, setValues] = useState<PaymentValues>(emptyPayment);
  const [serverErrors, setServerErrors] = useState<FieldErrors<PaymentField>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [sending, setSending] = useState<'idle' | 'sending' | 'leaving'>('idle');
  const { showAll, setShowAll, invalid, accept } = useInvalidSubmit();
  const payment = usePaymentOptions();
  const options = payment.state.status === 'ready' ? payment.state.options : null;
  const current = shown(values, options);
  const valid = options !== null && Object.keys(validatePayment(current, options)).length === 0;

  const change = (next: PaymentValues) => {
    setServerErrors((previous) => {
      const kept = { ...previous };
      for (const field of ['method', 'poNumber', 'poRelease', 'poFile'] as const) if (next[field] !== current[field]) delete kept[field];
      return kept;
    });
    setValues(next);
    setFailure(null);
  };

  async function submit(event: FormEvent<HTMLFormElement>) {
    if (!accept(event, { valid, busy: sending !== 'idle' }) || !options) return;
    setSending('sending');
    setFailure(null);
    try {
      const result = await client.payBatch(
        batchId,
        current.method === 'PO'
          ? { paymentMethod: 'PO', customerPO: customerPO(current, options), customerPOFileId: current.poFile?.fileId ?? '' }
          : { paymentMethod: 'PayPal', customerPO: '', customerPOFileId: '' },
      );
      setServerErrors({});
      if (result.paymentUrl) {
        setSending('leaving');
        browser.assign(result.paymentUrl);
        return;
      }
      setSending('idle');
      onPaid(result.batch);
    } catch (error) {
      setSending('idle');
      if (isApiError(error) && error.status === 409) {
        onStale(failureMessage(error, BATCH_COPY.payFailed));
        return;
      }
      if (isApiError(error) && error.status === 400) {
        setServerErrors(payServerErrors(error.fields));
        setShowAll(true);
      }
      setFailure(failureMessage(error, BATCH_COPY.payFailed));
    }
  }

  return (
    <form aria-label="Pay the batch" noValidate onSubmit={(event) => void submit(event)}>
      <Stack>
        {payment.state.status === 'loading' ? <Loading>{BATCH_COPY.paymentOptionsLoading}</Loading> : null}
        {payment.state.status === 'failed' ? (
          <LoadFailed message={BATCH_COPY.paymentOptionsFailed} onRetry={payment.retry} retryLabel="Load payment options again" retryVariant="secondary" />
        ) : null}
        {options ? (
          <PaymentFields options={options} values={values} onChange={change} showErrors={showAll} serverErrors={serverErrors} text={BATCH_COPY} />
        ) : null}
        {invalid ? <Banner variant="error">{invalid}</Banner> : null}
        {failure ? <Banner variant="error">{failure}</Banner> : null}
        {sending === 'leaving' ? <MutedText role="status">{BATCH_COPY.leaving}</MutedText> : null}
        <SubmitButton label={BATCH_COPY.pay} busyLabel={BATCH_COPY.paying} busy={sending !== 'idle'} invalid={!valid} />
      </Stack>
    </form>
  );
}
