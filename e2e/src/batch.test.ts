// Fleet RMAs (issue 30) in Chromium on the embedded default: olivia's 25-row batch from CSV to
// its labels and result, and diego's look at it. split-topology.test.ts runs the same journey on
// the production shape.
import { batchJourney } from './batchjourney';
import { onePortalPerFile } from './fresh';

const shared = onePortalPerFile();

describe('a fleet batch', () => {
  it('olivia uploads 25 rows with 4 bad ones, fixes two, removes two, pays by PO and downloads the labels and result; diego sees the batch', async () => {
    await batchJourney(shared.portal(), (url, user) => shared.open(url, user));
  }, 300_000);
});
