import { exactLength, maxLength, minLength, required, validate } from './rules';

describe('shared rules', () => {
  it('treats empty and whitespace-only values as missing', () => {
    expect(required('')).toBe('Required');
    expect(required('   ')).toBe('Required');
    expect(required('x')).toBeUndefined();
  });

  it('words the max-length message as "less than n+1"', () => {
    expect(maxLength(35)('a'.repeat(36))).toBe('Must be less than 36 characters');
    expect(maxLength(35)('a'.repeat(35))).toBeUndefined();
  });

  it('checks min and exact lengths only once something is typed', () => {
    expect(minLength(4)('abc')).toBe('Must be at least 4 characters');
    expect(minLength(4)('')).toBeUndefined();
    expect(exactLength(5)('1234')).toBe('Must be 5 characters');
    expect(exactLength(5)('12345')).toBeUndefined();
  });

  it('reports the first failing rule', () => {
    expect(validate(' ', [required, maxLength(2)])).toBe('Required');
    expect(validate('abc', [required, maxLength(2)])).toBe('Must be less than 3 characters');
    expect(validate('ab', [required, maxLength(2)])).toBeUndefined();
  });
});
