import { useCallback, useState, type FormEvent } from 'react';
import { messages, timings } from '@portal/forms';
import { useTimedMessage } from '@portal/forms/units';

/**
 * A form's answer to a submit with invalid fields: every field's message shows (`showAll`), the
 * spec's 'Error Validating Information' banner for a while (`invalid`), and after the render that
 * marks the fields, the first invalid one gets the focus. `setShowAll` also serves a server's 400.
 * `accept` takes the submit event: true when the form is valid and not already being sent.
 */
export function useInvalidSubmit() {
  const [showAll, setShowAll] = useState(false);
  const [invalid, showInvalid] = useTimedMessage(timings.validationBannerMs);
  const refuse = useCallback(
    (form: HTMLFormElement) => {
      setShowAll(true);
      showInvalid(messages.errorValidatingInformation);
      setTimeout(() => form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(), 0);
    },
    [showInvalid],
  );
  const accept = useCallback(
    (event: FormEvent<HTMLFormElement>, { valid, busy }: { valid: boolean; busy: boolean }) => {
      event.preventDefault();
      if (busy) return false;
      if (!valid) refuse(event.currentTarget);
      return valid;
    },
    [refuse],
  );
  return { showAll, setShowAll, invalid, refuse, accept };
}
