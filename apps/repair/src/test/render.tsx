import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import type { ApiClient, VerifySerialResult } from '@portal/api-client';
import { SessionProvider, type Session } from '@portal/auth';
import { PortalThemeProvider } from '@portal/ui';

/** A session stand-in whose API answers verify-serial with the given mock. */
export function fakeSession(verifySerial: jest.Mock<Promise<VerifySerialResult>, [string, { signal?: AbortSignal }?]>) {
  const api = { repair: { verifySerial }, identity: { me: jest.fn() } } as unknown as ApiClient;
  return { api, clientId: 'service-portal' } as unknown as Session;
}

/** Renders a page at `url`, matched against `path`, with theme, router and session. */
export function renderRoute(element: ReactElement, { path, url, session }: { path: string; url: string; session: Session }) {
  return render(
    <PortalThemeProvider>
      <SessionProvider session={session}>
        <MemoryRouter initialEntries={[url]}>
          <Routes>
            <Route path={path} element={element} />
          </Routes>
        </MemoryRouter>
      </SessionProvider>
    </PortalThemeProvider>,
  );
}
