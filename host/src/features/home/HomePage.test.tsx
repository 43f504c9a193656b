import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { SessionProvider, type SessionState } from '@portal/auth';
import { PortalThemeProvider } from '@portal/ui';
import { fakeSession, signedIn } from '../../test/fakeSession';
import { HomePage } from './HomePage';

function renderHome(state: SessionState) {
  const fake = fakeSession(state);
  render(
    <PortalThemeProvider>
      <SessionProvider session={fake.session}>
        <MemoryRouter>
          <HomePage />
        </MemoryRouter>
      </SessionProvider>
    </PortalThemeProvider>,
  );
  return fake;
}

describe('HomePage', () => {
  it('leads to create-rma', () => {
    renderHome(signedIn(['service-portal:customer']));

    expect(screen.getByRole('link', { name: 'Create a repair RMA' })).toHaveAttribute('href', '/create-rma');
  });

  it('leads to the parts, video parts, upgrade and inventory pages', () => {
    renderHome({ status: 'signed-out' });

    expect(screen.getAllByRole('link').map((l) => [l.textContent, l.getAttribute('href')])).toEqual([
      ['Create a repair RMA', '/create-rma'],
      ['Order parts', '/parts-order'],
      ['Parts for body-worn cameras', '/video-parts-order'],
      ['Upgrade a unit', '/upgrade-device'],
      ['Your units', '/sm-inventory'],
    ]);
  });

  it('prompts signed-out visitors to sign in, returning to create-rma', async () => {
    const { signIn } = renderHome({ status: 'signed-out' });

    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(signIn).toHaveBeenCalledWith('/create-rma');
  });

  it('does not prompt signed-in users', () => {
    renderHome(signedIn(['service-portal:customer']));

    expect(screen.queryByRole('button', { name: 'Sign in' })).not.toBeInTheDocument();
  });
});
