import { createContext, useContext, useSyncExternalStore, type ReactNode } from 'react';
import type { ApiClient } from '@portal/api-client';
import type { Session, SessionState } from './session';

const SessionContext = createContext<Session | null>(null);

/** Makes the session available to the host and every remote page (this package is a shared singleton). */
export function SessionProvider({ session, children }: { session: Session; children: ReactNode }) {
  return <SessionContext.Provider value={session}>{children}</SessionContext.Provider>;
}

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession must be used inside <SessionProvider>');
  return session;
}

/** The session state; re-renders on sign-in, sign-out and profile changes. */
export function useSessionState(): SessionState {
  const session = useSession();
  return useSyncExternalStore(session.subscribe, session.getState, session.getState);
}

/** The typed API client, authenticated as the signed-in user. */
export function useApi(): ApiClient {
  return useSession().api;
}
