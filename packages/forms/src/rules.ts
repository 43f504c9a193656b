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

/** Loose but practical: something@something.tld, no spaces. */
const EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

export const email: Rule = (value) => (value.trim() !== '' && !EMAIL.test(value.trim()) ? messages.email : undefined);

/**
 * PO boxes in any of the usual spellings: PO Box, P.O. Box, P O Box, Post Office Box, POB 12,
 * P.O.B. 12. Words that merely contain the letters (Apollo Rd, Box Elder St) pass.
 */
const PO_BOX = /\b(?:p\.?\s*o\.?\s*box|post\s+office\s+box|p\.?\s*o\.?\s*b\.?\s*\d|pob\s*\d)/i;

export const noPoBox: Rule = (value) => (PO_BOX.test(value) ? messages.poBox : undefined);
