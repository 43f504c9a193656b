import { messages } from '@portal/forms';
import { unit } from '@portal/forms/testing';
import { emptyProblem } from './problem';
import { isUpgradeable, upgradeBlock, validateUpgrade } from './upgrade';

describe('upgradeBlock', () => {
  it.each([
    { name: 'an RL14 in warranty', u: unit(), want: null },
    { name: 'a unit out of warranty', u: unit({ iw: false }), want: null },
    { name: 'the EX80', u: unit({ model: 'EX80' }), want: 'helpdesk' },
    { name: 'an end-of-service unit', u: unit({ isEOS: true }), want: 'end-of-service' },
    { name: 'a unit with an open RMA, even with the override', u: unit({ rmaExists: true, allowOow: true }), want: 'open-rma' },
  ] as const)('answers $name with $want', ({ u, want }) => {
    expect(upgradeBlock(u)).toBe(want);
    expect(isUpgradeable(u)).toBe(want === null);
  });
});

describe('validateUpgrade', () => {
  const chosen = { ...emptyProblem, primaryFault: 'Memory', problem: '16 GB to 32 GB DDR4' };

  it('needs a category and an option, and nothing else: no notes, photos or backup acknowledgement', () => {
    expect(validateUpgrade(chosen)).toEqual({});
    expect(validateUpgrade(emptyProblem)).toEqual({ primaryFault: messages.required, problem: messages.required });
  });

  it('holds the notes, reference and asset tag to spec §9', () => {
    expect(validateUpgrade({ ...chosen, initialNotes: 'n'.repeat(1001), customerReference: 'r'.repeat(51), assetTag: 'a'.repeat(21) })).toEqual({
      initialNotes: 'Must be less than 1001 characters',
      customerReference: 'Must be less than 51 characters',
      assetTag: 'Must be less than 21 characters',
    });
  });
});
