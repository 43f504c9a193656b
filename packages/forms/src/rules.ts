import { messages } from './messages';

/** A rule returns the message to show, or undefined when the value passes. */
export type Rule = (value: string) => string | undefined;

export const required: Rule = (value) => (value.trim() === '' ? messages.required : undefined);

export const maxLength =
  (n: number): Rule =>
  (value) =>
    value.length > n ? messages.maxLength(n) : undefined;

export const minLength =
  (n: number): Rule =>
  (value) =>
    value.length > 0 && value.length < n ? messages.minLength(n) : undefined;

export const exactLength =
  (n: number): Rule =>
  (value) =>
    value.length > 0 && value.length !== n ? messages.exactLength(n) : undefined;

/** The first failing rule's message, in the order given. */
export function validate(value: string, rules: readonly Rule[]): string | undefined {
  for (const rule of rules) {
    const message = rule(value);
    if (message) return message;
  }
  return undefined;
}
