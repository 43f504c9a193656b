import { Button, Row, Spinner } from '@portal/ui';

export interface SubmitButtonProps {
  label: string;
  busyLabel: string;
  /** The request is under way: a spinner and `busyLabel`. */
  busy: boolean;
  /** Marked disabled but still focusable and pressable, so pressing it shows what is missing. */
  invalid: boolean;
}

/** A form's submit button on its own row. */
export function SubmitButton({ label, busyLabel, busy, invalid }: SubmitButtonProps) {
  return (
    <Row>
      <Button type="submit" aria-disabled={invalid || busy ? true : undefined}>
        {busy ? <Spinner /> : null}
        {busy ? busyLabel : label}
      </Button>
    </Row>
  );
}
