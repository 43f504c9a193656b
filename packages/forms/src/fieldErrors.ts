/** Messages per field; a field without an entry passes. */
export type FieldErrors<F extends string> = Partial<Record<F, string>>;

/** Drops the fields without a message. */
export function compact<F extends string>(errors: FieldErrors<F>): FieldErrors<F> {
  return Object.fromEntries(Object.entries(errors).filter(([, message]) => message)) as FieldErrors<F>;
}
