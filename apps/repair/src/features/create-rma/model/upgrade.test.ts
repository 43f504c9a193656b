import { messages } from '@portal/forms';
import { emptyProblem } from './problem';
import { validateUpgrade } from './upgrade';

// Which units take an upgrade: @portal/forms' offers.test.ts.
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
