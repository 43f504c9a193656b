import { parseManualEntry } from './manualEntry';

describe('parseManualEntry', () => {
  it('reads "PN qty" lines, upper-cases part numbers and skips blank lines', () => {
    expect(parseManualEntry('rl14-bat-std 2\n\n  RL14-CHG-AC   1  \n')).toEqual({
      lines: [
        { partNumber: 'RL14-BAT-STD', quantity: 2 },
        { partNumber: 'RL14-CHG-AC', quantity: 1 },
      ],
      errors: [],
    });
  });

  it('reads a two-column list pasted from a spreadsheet or CSV, header row included', () => {
    expect(parseManualEntry('Part number\tQty\nRL14-BAT-STD\t3\nVX12-DOCK-1,1\r\nST10-STYLUS;4').lines).toEqual([
      { partNumber: 'RL14-BAT-STD', quantity: 3 },
      { partNumber: 'VX12-DOCK-1', quantity: 1 },
      { partNumber: 'ST10-STYLUS', quantity: 4 },
    ]);
  });

  it('orders one of a line without a quantity and adds up a part entered twice', () => {
    expect(parseManualEntry('RL14-BAT-STD\nrl14-bat-std 2').lines).toEqual([{ partNumber: 'RL14-BAT-STD', quantity: 3 }]);
  });

  it.each(['0', '-1', '1.5', 'two', '1000'])('names the line of a quantity %s', (qty) => {
    expect(parseManualEntry(`RL14-BAT-STD 1\nRL14-CHG-AC ${qty}`)).toEqual({
      lines: [{ partNumber: 'RL14-BAT-STD', quantity: 1 }],
      errors: ['Line 2: Quantity must be a whole number from 1 to 999.'],
    });
  });

  it('names a line with more than two columns', () => {
    expect(parseManualEntry('RL14-BAT-STD 1 extra').errors).toEqual(['Line 1: enter a part number and a quantity only.']);
  });

  it('refuses more than 100 part numbers at once', () => {
    const text = Array.from({ length: 101 }, (_, i) => `P-${i} 1`).join('\n');
    expect(parseManualEntry(text).errors).toEqual(['Enter at most 100 part numbers at a time.']);
  });
});
