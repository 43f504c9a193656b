// The opening every consumer contract (*.pact.test.ts) of this package shares: the pact with one
// provider, the caller's sessions, the bearer and timestamp matchers and a client at Pact's mock
// server. It lives here once so that the consumer name, the pacts dir the provider verifications
// read (<repo>/pacts) and the token the bearer matcher shows cannot drift apart from file to file.
import path from 'node:path';
import { MatchersV3, PactV4 } from '@pact-foundation/pact';
import type { TokenSource } from '../client';
import { createApiClient, type ApiClient } from '../index';

/** The pact of the portal's web front end with one provider, written to <repo>/pacts. */
export function pactWith(provider: string): PactV4 {
  return new PactV4({
    consumer: 'portal-web',
    provider,
    dir: path.resolve(__dirname, '../../../../pacts'),
    logLevel: 'warn',
  });
}

/** A session with an access token; the provider verifications sign their own token for the state's user. */
export const signedIn: TokenSource = { getAccessToken: () => 'token-from-the-session', refresh: async () => false, signIn: jest.fn() };

/** A session without a token whose refresh fails, with the sign-in it falls back to, to assert on. */
export function signedOut(): { tokens: TokenSource; signIn: jest.Mock } {
  const signIn = jest.fn();
  return { tokens: { getAccessToken: () => null, refresh: async () => false, signIn }, signIn };
}

/** The Authorization header a signed-in call sends: any bearer token, shown with signedIn's. */
export const bearer = MatchersV3.regex('^Bearer .+$', 'Bearer token-from-the-session');

/** A date-time (2026-03-06T10:00:00Z) the provider chooses, shown with `example`. */
export const timestamp = (example: string) => MatchersV3.regex('^\\d{4}-\\d{2}-\\d{2}T.+$', example);

/** The API client at Pact's mock server, calling as `tokens`' session, or as nobody without them. */
export function clientAt(url: string, tokens?: TokenSource): ApiClient {
  return createApiClient({ baseUrl: url, tokens });
}
