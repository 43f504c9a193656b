import { promiseOutcome } from './promise';

const shippedAt = (at: string) => [
  { at: '2026-03-02T15:00:00Z', status: 'RECEIVED', kind: 'status', actor: 'Service center', note: '' },
  { at: '2026-03-02T15:00:01Z', status: '', kind: 'promise', actor: 'Service center', note: '' },
  { at, status: 'SHIPPED_BACK', kind: 'status', actor: 'Service center', note: '' },
];

describe('promiseOutcome', () => {
  it('is kept when the unit left on or before the promised day, missed after it', () => {
    // Noon UTC is the same day wherever the test runs, but for the date line's far side.
    expect(promiseOutcome({ promisedShipDate: '2026-03-16', timeline: shippedAt('2026-03-16T12:00:00Z') })).toEqual({
      shippedAt: '2026-03-16T12:00:00Z',
      kept: true,
    });
    expect(promiseOutcome({ promisedShipDate: '2026-03-16', timeline: shippedAt('2026-03-10T09:00:00Z') })?.kept).toBe(true);
    expect(promiseOutcome({ promisedShipDate: '2026-03-16', timeline: shippedAt('2026-03-17T12:00:00Z') })?.kept).toBe(false);
  });

  it('says nothing before the unit ships or without a promise', () => {
    expect(promiseOutcome({ promisedShipDate: '2026-03-16', timeline: shippedAt('x').slice(0, 2) })).toBeNull();
    expect(promiseOutcome({ promisedShipDate: null, timeline: shippedAt('2026-03-10T09:00:00Z') })).toBeNull();
  });
});
