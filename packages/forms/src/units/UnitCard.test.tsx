import { render, screen, within } from '@testing-library/react';
import type { Unit } from '@portal/api-client';
import { PortalThemeProvider } from '@portal/ui';
import { unit } from '../testing';
import { UnitCard } from './UnitCard';

function renderCard(u: Unit) {
  render(
    <PortalThemeProvider>
      <UnitCard unit={u} />
    </PortalThemeProvider>,
  );
  return screen.getByRole('region', { name: u.serial });
}

describe('UnitCard', () => {
  it('shows the unit facts, with the warranty end as MMM d yyyy', () => {
    const card = renderCard(unit());

    const facts = Object.fromEntries(
      within(card)
        .getAllByRole('term')
        .map((term) => [term.textContent, term.nextElementSibling?.textContent]),
    );
    expect(facts).toEqual({
      Serial: 'RT10000001',
      Model: 'RL14',
      'Model Family': 'Ranger',
      'Part Number': 'RL14-G2-16',
      'Product Type': 'LAPTOP',
      'Warranty End': 'Jun 30 2028',
    });
  });

  it('shows the image of the lower-cased model family', () => {
    const card = renderCard(unit({ modelFamily: 'Summit' }));

    expect(within(card).getByRole('img', { name: 'Summit RL14' })).toHaveAttribute('src', '/assets/units/summit.svg');
  });

  it('uses the unknown image without a model family', () => {
    const card = renderCard(unit({ modelFamily: '' }));

    expect(within(card).getByRole('img')).toHaveAttribute('src', '/assets/units/unknown.svg');
  });

  it.each<[string, Partial<Unit>, string]>([
    ['rma-exists', { cardState: 'rma-exists', rmaExists: true }, 'RMA Already Exists For This Unit'],
    ['missing-data', { cardState: 'missing-data' }, 'Your unit is missing data, please contact support'],
    ['out-of-warranty', { cardState: 'out-of-warranty', iw: false }, 'Repairs may require payment upon diagnosis/inspection'],
    [
      'out-of-warranty with override',
      { cardState: 'out-of-warranty', iw: false, allowOow: true },
      'An override has been applied to allow you to submit this RMA without prepayment',
    ],
    ['warranty', { cardState: 'warranty', endDeviceWarranty: '2027-01-05' }, 'Covered under warranty until Jan 5 2027'],
    ['end-of-service', { cardState: 'end-of-service', isEOS: true }, 'This unit has reached end of service and can no longer be repaired.'],
    [
      'special-service',
      { cardState: 'special-service', allowedRepairType: ['ADVANCE_EXCHANGE'] },
      'This unit is handled through a special service process (advance exchange).',
    ],
  ])('states %s', (_state, overrides, text) => {
    const card = renderCard(unit(overrides));

    expect(within(card).getByText(text)).toBeInTheDocument();
  });

  it('does not mix the override text into a plain out-of-warranty card', () => {
    const card = renderCard(unit({ cardState: 'out-of-warranty', iw: false }));

    expect(within(card).queryByText(/An override has been applied/)).not.toBeInTheDocument();
  });

  it('asks EX80 owners to contact the helpdesk', () => {
    const card = renderCard(unit({ model: 'EX80' }));

    expect(within(card).getByText('Please contact the helpdesk to arrange the return of this unit.')).toBeInTheDocument();
  });

  it('does not show the helpdesk text for other models', () => {
    const card = renderCard(unit());

    expect(within(card).queryByText(/contact the helpdesk/)).not.toBeInTheDocument();
  });

  it('shows a warranty unit without an end date as covered, and the end as not available', () => {
    const card = renderCard(unit({ endDeviceWarranty: null }));

    expect(within(card).getByText('Covered under warranty')).toBeInTheDocument();
    expect(within(card).getByText('Not available')).toBeInTheDocument();
  });
});
