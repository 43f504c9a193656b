import type { Me } from '@portal/api-client';
import type { Session, SessionState } from '@portal/auth';

export function profile(roles: string[]): Me {
  return {
    sub: 'u1',
    email: 'dana@example.com',
    firstName: 'Dana',
    lastName: 'Reyes',
    company: 'Acme Field Services',
    position: 'Technician',
    phone: '5551234567',
    phoneCountryCode: 'US',
    address: null,
    roles,
    org: null,
    flags: { rma: { flatDiscountPercentage: 0 } },
  };
}

export function signedIn(roles: string[]): SessionState {
  return { status: 'signed-in', profile: profile(roles), roles };
}

/** A session stand-in with a settable state; signIn and signOut are spies. */
export function fakeSession(initial: SessionState) {
  let state = initial;
  const listeners = new Set<() => void>();
  const session = {
    clientId: 'service-portal',
    getState: () => state,
    subscribe: (listener: () => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    signIn: jest.fn(async () => undefined),
    signOut: jest.fn(async () => undefined),
    completeSignIn: jest.fn(async () => '/'),
  };
  return {
    session: session as unknown as Session,
    signIn: session.signIn,
    setState(next: SessionState) {
      state = next;
      listeners.forEach((l) => l());
    },
  };
}
