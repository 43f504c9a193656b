import { render, screen, waitFor } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { SessionProvider } from '@portal/auth';
import { PortalThemeProvider } from '@portal/ui';
import { fakeSession } from '../../test/fakeSession';
import { OidcCallbackPage } from './OidcCallbackPage';

function renderCallback(complete: () => Promise<string>) {
  const fake = fakeSession({ status: 'loading' });
  (fake.session.completeSignIn as jest.Mock).mockImplementation(complete);
  const router = createMemoryRouter(
    [
      { path: '/oidc-callback', element: <OidcCallbackPage /> },
      { path: '/create-rma/:serial?', element: <h1>Create page</h1> },
    ],
    { initialEntries: ['/oidc-callback?code=c&state=s'] },
  );
  render(
    <PortalThemeProvider>
      <SessionProvider session={fake.session}>
        <RouterProvider router={router} />
      </SessionProvider>
    </PortalThemeProvider>,
  );
  return { ...fake, router };
}

describe('OidcCallbackPage', () => {
  it('completes sign-in and returns to the stored target, replacing the callback entry', async () => {
    const { router } = renderCallback(async () => '/create-rma/RT10000001?toPage=1');

    await screen.findByRole('heading', { name: 'Create page' });
    expect(router.state.location.pathname).toBe('/create-rma/RT10000001');
    expect(router.state.location.search).toBe('?toPage=1');
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('offers to sign in again when the callback cannot be completed', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const { signIn } = renderCallback(async () => {
      throw new Error('No matching state found in storage');
    });

    const retry = await screen.findByRole('button', { name: 'Sign in again' });
    expect(screen.getByRole('alert')).toHaveTextContent('Sign-in could not be completed.');
    retry.click();
    await waitFor(() => expect(signIn).toHaveBeenCalledWith('/'));
  });
});
