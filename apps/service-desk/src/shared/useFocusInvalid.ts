import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * After a refused submit (the form's own checks, or the API's field messages), the first field
 * marked invalid takes the focus once the render that marks it is done, so the keyboard lands
 * where the work is.
 */
export function useFocusInvalid() {
  const formRef = useRef<HTMLFormElement>(null);
  const [refusals, setRefusals] = useState(0);
  useEffect(() => {
    if (refusals > 0) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [refusals]);
  const refused = useCallback(() => setRefusals((n) => n + 1), []);
  return { formRef, refused };
}
