import { messages } from './messages';

/** A rule returns the message to show, or undefined when the value passes. */
export type Rule = (value: string) => string | undefined;

export const required: Rule = (value) => (value.trim() === '' ? messages.required : undefined);

/**
 * A value's length as a person counts it, and as the API does (Go counts runes): a character
 * outside the BMP, an emoji, is one, not the two UTF-16 units of String.length.
 */
const characters = (value: string): number => [...value].length;

export const maxLength =
  (n: number): Rule =>
  (value) =>
    characters(value) > n ? messages.maxLength(n) : undefined;

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
 * PO boxes as the server finds them (api/geo IsPOBox), in any case: PO Box, P.O. Box, P-O Box,
 * POBox, Post Office Box anywhere; POB 12, P.O.B. #12 (a number must follow, so Pob Lane is a
 * street); Box 12 at the start of the line (12 Box Elder St and Boxwood Lane are streets).
 */
const PO_BOX =
  /\bp(?:ost)?[\s.-]*o(?:ffice)?[\s.-]*box\b|\bp[\s.]*o[\s.]*b\.?\s*(?:no\.?\s*)?#?\s*\d|^\s*box\s*(?:no\.?\s*)?#?\s*\d/i;

export const noPoBox: Rule = (value) => (PO_BOX.test(value) ? messages.poBox : undefined);
