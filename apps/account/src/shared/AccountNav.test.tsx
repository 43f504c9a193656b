import { screen, within } from '@testing-library/react';
import { profile, renderRoute, sessionWith } from '@portal/forms/testing';
import { AccountNav } from './AccountNav';

const links = () => within(screen.getByRole('navigation', { name: 'Your account' })).getAllByRole('link');

describe('AccountNav', () => {
  it('links the account pages and marks the open one', () => {
    renderRoute(<AccountNav />, { path: '/your-account/dashboard', url: '/your-account/dashboard', session: sessionWith({}) });

    expect(links().map((l) => [l.textContent, l.getAttribute('href')])).toEqual([
      ['Your RMAs', '/your-account/rma-history'],
      ['Dashboard', '/your-account/dashboard'],
      ['Batches', '/your-account/batches'],
      ['Quotes', '/your-account/quotes'],
      ['Parts orders', '/your-account/parts-orders-history'],
      ['Product registration', '/your-account/product-registration'],
      ['Drivers', '/your-account/drivers'],
      ['Account settings', '/your-account/account-settings'],
    ]);
    expect(screen.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
  });

  it('offers branches to members of an organization only', () => {
    renderRoute(<AccountNav />, {
      path: '/your-account/rma-history',
      url: '/your-account/rma-history',
      session: sessionWith({}, { ...profile, org: { name: 'FleetCo Utilities' } }),
    });

    expect(screen.getByRole('link', { name: 'Branches' })).toHaveAttribute('href', '/your-account/branches');
  });
});
