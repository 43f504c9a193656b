import { renderHook } from '@testing-library/react';
import { useIdempotencyKey } from './useIdempotencyKey';

describe('useIdempotencyKey', () => {
  it('keeps the key of a body sent again, and gives another body or a forgotten one a new key', () => {
    const { result } = renderHook(() => useIdempotencyKey());
    const first = result.current.keyFor({ serial: 'RT10000002' });
    expect(first).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(result.current.keyFor({ serial: 'RT10000002' })).toBe(first);
    const other = result.current.keyFor({ serial: 'RT10000003' });
    expect(other).not.toBe(first);
    result.current.forget();
    expect(result.current.keyFor({ serial: 'RT10000003' })).not.toBe(other);
  });
});
