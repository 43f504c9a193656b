import { useCallback, useState } from 'react';

/**
 * Which fields the user has left (blurred); a field's message shows once it is touched, or for
 * every field once the form has been submitted (`showAll`).
 */
export function useTouched<F extends string>(showAll: boolean) {
  const [touched, setTouched] = useState<Partial<Record<F, boolean>>>({});
  const touch = useCallback((field: F) => setTouched((t) => (t[field] ? t : { ...t, [field]: true })), []);
  const shows = useCallback((field: F) => showAll || touched[field] === true, [showAll, touched]);
  return { touch, shows };
}

/** The message a field shows: its own rule's (when visible), else the server's for it. */
export function visibleError(
  client: string | undefined,
  server: string | undefined,
  shown: boolean,
): string | undefined {
  return (shown ? client : undefined) ?? server;
}
