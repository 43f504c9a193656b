import {
  normalizeSerial,
  serialStatusText,
  shouldCheckSerial,
  showsInvalidSerialIcon,
} from './serial';

describe('serial rules', () => {
  it('upper-cases and trims', () => {
    expect(normalizeSerial('  rt10000001 ')).toBe('RT10000001');
  });

  it('checks from 9 characters and shows the invalid icon from 10', () => {
    expect(shouldCheckSerial('RT100000')).toBe(false);
    expect(shouldCheckSerial(' RT1000000 ')).toBe(true);
    expect(showsInvalidSerialIcon('RT1000000')).toBe(false);
    expect(showsInvalidSerialIcon('RT10000001')).toBe(true);
  });

  it('names each status with the spec wording', () => {
    expect(serialStatusText('not-found')).toBe('Serial Not Found');
    expect(serialStatusText('not-valid')).toBe('Serial not valid for new RMA');
    expect(serialStatusText('valid')).toBe('Serial valid for new RMA!');
    expect(serialStatusText('checking')).toBeUndefined();
  });
});
