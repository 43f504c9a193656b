import { createContext, useContext, useSyncExternalStore, type ReactNode } from 'react';
import type { ApiClient } from '@portal/api-client';
import type { Session, SessionState } from './session';

const SessionContext = createContext<Session | null>(null);
const PrerenderedStateContext = createContext<SessionState | null>(null);

export interface SessionProviderProps {
  session: Session;
  /**
   * The state the server's HTML was rendered in, when the app hydrates a prerendered page: the
   * hydrating render shows it, so it matches the HTML, and the next render shows the session's
   * own.
   */
  prerenderedState?: SessionState;
  children: ReactNode;
}

/** Makes the session available to the host and every remote page (this package is a shared singleton). */
export function SessionProvider({ session, prerenderedState, children }: SessionProviderProps) {
  return (
    <SessionContext.Provider value={session}>
      <PrerenderedStateContext.Provider value={prerenderedState ?? null}>{children}</PrerenderedStateContext.Provider>
    </SessionContext.Provider>
  );
}

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession must be used inside <SessionProvider>');
  return session;
}

/** The session state; re-renders on sign-in, sign-out and profile changes. */
export function useSessionState(): SessionState {
  const session = useSession();
  const prerendered = useContext(PrerenderedStateContext);
  // React asks for the server's snapshot only while it hydrates.
  return useSyncExternalStore(session.subscribe, session.getState, prerendered ? () => prerendered : session.getState);
}

/** The typed API client, authenticated as the signed-in user. */
export function useApi(): ApiClient {
  return useSession().api;
}
