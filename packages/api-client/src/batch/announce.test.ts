import { batchProgressAnnouncement } from './announce';

const words = { tenth: (percent: number) => `${percent}%`, done: 'done' };

describe('batchProgressAnnouncement', () => {
  it('changes only at each tenth of the rows done and at the end', () => {
    const said = Array.from({ length: 1001 }, (_, done) => batchProgressAnnouncement(done, 1000, words));
    expect(new Set(said).size).toBe(11);
    expect(batchProgressAnnouncement(99, 1000, words)).toBe('0%');
    expect(batchProgressAnnouncement(100, 1000, words)).toBe('10%');
    expect(batchProgressAnnouncement(999, 1000, words)).toBe('90%');
    expect(batchProgressAnnouncement(1000, 1000, words)).toBe('done');
  });

  it('says nothing while the row count is unknown', () => {
    expect(batchProgressAnnouncement(0, 0, words)).toBe('');
  });
});
