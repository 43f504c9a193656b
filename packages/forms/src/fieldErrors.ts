/** Messages per field; a field without an entry passes. */
export type FieldErrors<F extends string> = Partial<Record<F, string>>;

/** Drops the fields without a message. */
export function compact<F extends string>(errors: FieldErrors<F>): FieldErrors<F> {
  return Object.fromEntries(Object.entries(errors).filter(([, message]) => message)) as FieldErrors<F>;
}

/**
 * Drops the server's message of each field whose value changed since it answered (the user is
 * fixing it); the same object when nothing changed, so a form's state stays put.
 */
export function withoutChanged<V extends object, F extends string>(errors: FieldErrors<F>, before: V, after: V): FieldErrors<F> {
  const kept = Object.entries(errors).filter(
    ([field]) => (before as Record<string, unknown>)[field] === (after as Record<string, unknown>)[field],
  );
  return kept.length === Object.keys(errors).length ? errors : (Object.fromEntries(kept) as FieldErrors<F>);
}
