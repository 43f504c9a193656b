import { useState, type FormEvent } from 'react';
import { refusalOf, type Refusal } from './errors';
import { useFocusInvalid } from './useFocusInvalid';

/** The form's own messages, by the API's field names. */
export type FieldMessages = Record<string, string>;

/**
 * How every service-desk form submits: its own checks first, then the call. A field is marked by
 * the form's message, else by the API's; a refusal keeps the API's message for the banner; after
 * either, the first invalid field takes the focus (useFocusInvalid).
 */
export function useCheckedSubmit() {
  const [checked, setChecked] = useState<FieldMessages>({});
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const [sending, setSending] = useState(false);
  const { formRef, refused } = useFocusInvalid();

  /** Checks the form's errors, and sends when there are none. */
  const submit = async (event: FormEvent, errors: FieldMessages, send: () => Promise<void>) => {
    event.preventDefault();
    setChecked(errors);
    setRefusal(null);
    if (Object.keys(errors).length > 0) {
      refused();
      return;
    }
    setSending(true);
    try {
      await send();
    } catch (error) {
      const answer = refusalOf(error);
      setRefusal(answer);
      if (Object.keys(answer.fields).length > 0) refused();
    } finally {
      setSending(false);
    }
  };

  const fieldError = (field: string): string | undefined => checked[field] ?? refusal?.fields[field];
  return { formRef, refusal, sending, submit, fieldError };
}
