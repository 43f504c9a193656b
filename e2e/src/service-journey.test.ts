// The service of an RMA from its unit's arrival to its way back, every step in the browser
// (issue 29), on the embedded default: with the customer's approval of a revised quote paid by
// card, and with the unit returned unrepaired. split-topology.test.ts runs the same journey on the
// production shape.
import { onePortalPerFile } from './fresh';
import { serviceJourney } from './servicejourney';

const shared = onePortalPerFile();

describe('an RMA carried from its arrival to its way back', () => {
  it('casey approves the revised quote and pays by card; tariq repairs and ships', async () => {
    await serviceJourney(shared.portal(), (url, user) => shared.open(url, user), 'RMA-100393', 'approve by card');
  });

  it('casey has the unit returned unrepaired; tariq ships it without a repair', async () => {
    await serviceJourney(shared.portal(), (url, user) => shared.open(url, user), 'RMA-100417', 'return unrepaired');
  });
});
