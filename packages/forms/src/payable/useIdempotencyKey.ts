import { useMemo, useRef } from 'react';

/** A fresh Idempotency-Key (a v4 UUID). */
function newIdempotencyKey(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const hex = Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/**
 * One Idempotency-Key per distinct submission of a payable (an RMA, an order): the same body sent
 * again (a retry after a lost answer) keeps its key, so the API creates it once; any change is a
 * new one, and forget() ends a key's use once the server answered for certain.
 */
export function useIdempotencyKey() {
  const current = useRef<{ body: string; key: string } | null>(null);
  return useMemo(
    () => ({
      keyFor(payload: unknown): string {
        const body = JSON.stringify(payload);
        if (current.current?.body !== body) current.current = { body, key: newIdempotencyKey() };
        return current.current.key;
      },
      forget() {
        current.current = null;
      },
    }),
    [],
  );
}
