import { StrictMode, useEffect, useState } from 'react';
import { RouterProvider, createBrowserRouter } from '@portal/router';
import { SessionProvider, type Session, type SessionState } from '@portal/auth';
import { PortalThemeProvider } from '@portal/ui';
import { HostSettingsProvider, type HostSettings } from '../config-context';
import { buildRoutes } from './routes';
import { routeTable } from './routeTable';

export interface AppProps {
  session: Session;
  settings: HostSettings;
  /** The session state of the prerendered page the app hydrates. */
  prerenderedState?: SessionState;
  /** Called once the app's first render is on screen. */
  onStarted?: () => void;
}

export function App({ session, settings, prerenderedState, onStarted }: AppProps) {
  const [router] = useState(() => createBrowserRouter(buildRoutes(routeTable, { session })));
  useEffect(() => onStarted?.(), [onStarted]);
  return (
    <StrictMode>
      <PortalThemeProvider global>
        <HostSettingsProvider value={settings}>
          <SessionProvider session={session} prerenderedState={prerenderedState}>
            <RouterProvider router={router} />
          </SessionProvider>
        </HostSettingsProvider>
      </PortalThemeProvider>
    </StrictMode>
  );
}
