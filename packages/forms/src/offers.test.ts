import { isUpgradeable, mayOpenRepair, mayRecycle, upgradeBlock, type UnitOfferFacts } from './offers';

const unit = (facts: Partial<UnitOfferFacts> = {}): UnitOfferFacts => ({
  model: 'RL14',
  iw: true,
  rmaExists: false,
  allowOow: false,
  isEOS: false,
  ...facts,
});

describe('what the API accepts for a unit', () => {
  it.each([
    { name: 'an RL14 in warranty', u: unit(), repair: true, upgrade: null, recycle: false },
    { name: 'a unit out of warranty', u: unit({ iw: false }), repair: true, upgrade: null, recycle: true },
    { name: 'the EX80', u: unit({ model: 'EX80', iw: false }), repair: false, upgrade: 'helpdesk', recycle: true },
    { name: 'an end-of-service unit', u: unit({ isEOS: true, iw: false }), repair: false, upgrade: 'end-of-service', recycle: true },
    { name: 'a unit with an open RMA', u: unit({ rmaExists: true, iw: false }), repair: false, upgrade: 'open-rma', recycle: false },
    { name: 'a unit with an open RMA and the override', u: unit({ rmaExists: true, allowOow: true, iw: false }), repair: true, upgrade: 'open-rma', recycle: true },
    { name: 'a unit the API says no to', u: unit({ validForNewRma: false }), repair: false, upgrade: null, recycle: false },
  ] as const)('$name: repair $repair, upgrade blocked by $upgrade, recycle $recycle', ({ u, repair, upgrade, recycle }) => {
    expect(mayOpenRepair(u)).toBe(repair);
    expect(upgradeBlock(u)).toBe(upgrade);
    expect(isUpgradeable(u)).toBe(upgrade === null);
    expect(mayRecycle(u)).toBe(recycle);
  });
});
