import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { readRule, ruleNames } from './index';

/** The repository's root, where a rule's test paths start. */
const ROOT = join(__dirname, '..', '..', '..');

// A vector file whose TypeScript test is missing or does not run it fails here, so a rule cannot
// be added, or its jest test dropped, on one side only (api/pkg/rulebook checks the Go side).
describe('the rulebook', () => {
  it('holds rules', () => expect(ruleNames().length).toBeGreaterThan(0));

  it.each(ruleNames())('%s names its functions and a jest test that runs it', (rule) => {
    const file = readRule(rule);
    expect(file.rule).toBe(rule);
    expect(file.spec).not.toBe('');
    expect(file.go.func).not.toBe('');
    expect(file.ts.func).not.toBe('');
    expect(file.ts.test).toMatch(/^(apps|packages)\/.+\.rulebook\.test\.tsx?$/);
    const test = join(ROOT, file.ts.test);
    expect(existsSync(test)).toBe(true);
    // runRule('rule', …) or runRule<Input, Outcome>('rule', …)
    expect(readFileSync(test, 'utf8')).toMatch(new RegExp(`runRule(<[\\s\\S]*?>)?\\('${rule}'`));
  });
});
