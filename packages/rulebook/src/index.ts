/// <reference types="node" />
// Vectors are read from disk in jest (Node), whichever package's test imports this: the reference
// brings Node's types with it, so a browser package's typecheck needs none of its own.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The rulebook (ARCHITECTURE §7): a rule that both the browser and the server apply is written
 * once, in vectors/<rule>.json, as vectors of input → expected outcome. A jest test beside the
 * TypeScript implementation runs every vector with runRule; a Go test beside the Go one runs the
 * same file (api/pkg/rulebook), so the browser's convenience check cannot drift from the guard.
 */
export const VECTORS_DIR = join(__dirname, '..', 'vectors');

/** Where one side applies a rule: the function, and the test file that runs its vectors. */
export interface RuleSide {
  func: string;
  test: string;
}

export interface Vector<I, O> {
  name: string;
  input: I;
  expected: O;
}

export interface RuleFile<I = unknown, O = unknown> {
  rule: string;
  spec: string;
  description: string;
  go: RuleSide;
  ts: RuleSide;
  vectors: Vector<I, O>[];
}

/** The rules the folder holds, by file name. */
export function ruleNames(): string[] {
  return readdirSync(VECTORS_DIR)
    .filter((name) => name.endsWith('.json'))
    .map((name) => name.slice(0, -'.json'.length))
    .sort();
}

export function readRule<I = unknown, O = unknown>(rule: string): RuleFile<I, O> {
  return JSON.parse(readFileSync(join(VECTORS_DIR, `${rule}.json`), 'utf8')) as RuleFile<I, O>;
}

/**
 * Runs every vector of `rule` as its own test: `apply` gets the vector's input and must return
 * its expected outcome (compared with toEqual).
 */
export function runRule<I, O>(rule: string, apply: (input: I) => O): void {
  const { vectors } = readRule<I, O>(rule);
  describe(`rulebook ${rule}`, () => {
    it('has vectors', () => expect(vectors.length).toBeGreaterThan(0));
    it.each(vectors.map((v) => [v.name, v] as const))('%s', (_name, vector) => {
      expect(apply(vector.input)).toEqual(vector.expected);
    });
  });
}
