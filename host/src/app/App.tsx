import { StrictMode, useState } from 'react';
import { RouterProvider, createBrowserRouter } from '@portal/router';
import { SessionProvider, type Session } from '@portal/auth';
import { PortalThemeProvider } from '@portal/ui';
import { HostSettingsProvider, type HostSettings } from '../config-context';
import { buildRoutes } from './routes';
import { routeTable } from './routeTable';

export function App({ session, settings }: { session: Session; settings: HostSettings }) {
  const [router] = useState(() => createBrowserRouter(buildRoutes(routeTable, { session })));
  return (
    <StrictMode>
      <PortalThemeProvider global>
        <HostSettingsProvider value={settings}>
          <SessionProvider session={session}>
            <RouterProvider router={router} />
          </SessionProvider>
        </HostSettingsProvider>
      </PortalThemeProvider>
    </StrictMode>
  );
}
