import type { PaymentOptions } from '@portal/api-client';
import { MutedText, RadioGroup, Stack, TextField } from '@portal/ui';
import type { FieldErrors } from '../fieldErrors';
import { METHOD_LABELS, defaultMethod, validatePayment, type PaymentField, type PaymentValues } from '../payment';
import { useTouched, visibleError } from '../touched';
import { FileUploadField } from './FileUploadField';

/** The words around the fields, each flow's own (what happens after a card choice, the PO help). */
export interface PaymentFieldsText {
  cardNext: string;
  poReleaseHint: string;
  poFileHelp: string;
  poFileAttached: (name: string) => string;
}

export interface PaymentFieldsProps {
  options: PaymentOptions;
  values: PaymentValues;
  onChange: (values: PaymentValues) => void;
  /** Every field's message shows (after a submit attempt). */
  showErrors: boolean;
  /** The server's messages for the payment's fields (paymentServerErrors). */
  serverErrors: FieldErrors<PaymentField>;
  text: PaymentFieldsText;
}

/**
 * The payment method (Credit Card for everyone, PO for holders of the PO permission, the default
 * for them) and, for PO, the PO number, the release number when the customer's domain needs one,
 * and the PO file, uploaded when chosen (spec §5). Until the customer picks, the method shown is
 * the options' default. Like every other field, each shows its message once the customer leaves
 * it, and all of them after a submit attempt. Nothing is cut to a length as it is typed: a release
 * number of 6 digits is told 'Must be 4 or 5 digits', not silently shortened to 5.
 */
export function PaymentFields({ options, values, onChange, showErrors, serverErrors, text }: PaymentFieldsProps) {
  const current: PaymentValues = values.method === '' ? { ...values, method: defaultMethod(options) } : values;
  const errors = validatePayment(current, options);
  const { touch, shows } = useTouched<PaymentField>(showErrors);
  const errorOf = (field: PaymentField) => visibleError(errors[field], serverErrors[field], shows(field));
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
      {current.method === 'PayPal' ? <MutedText>{text.cardNext}</MutedText> : null}
      {current.method === 'PO' ? (
        <Stack>
          <TextField
            label="PO Number"
            name="poNumber"
            value={current.poNumber}
            autoComplete="off"
            onChange={(event) => onChange({ ...current, poNumber: event.target.value })}
            onBlur={() => touch('poNumber')}
            error={errorOf('poNumber')}
          />
          {options.poReleaseRequired ? (
            <TextField
              label="Release Number"
              name="poRelease"
              value={current.poRelease}
              inputMode="numeric"
              autoComplete="off"
              hint={text.poReleaseHint}
              onChange={(event) => onChange({ ...current, poRelease: event.target.value })}
              onBlur={() => touch('poRelease')}
              error={errorOf('poRelease')}
            />
          ) : null}
          <FileUploadField
            label="PO File"
            help={text.poFileHelp}
            file={current.poFile}
            onChange={(poFile) => {
              touch('poFile');
              onChange({ ...current, poFile });
            }}
            attachedText={text.poFileAttached}
            error={errorOf('poFile')}
            onLeave={() => touch('poFile')}
          />
        </Stack>
      ) : null}
    </Stack>
  );
}
