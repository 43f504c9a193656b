import { ApiError } from './errors';
import type { HttpClient } from './client';

/** One entry of a GraphQL `errors` list. */
export interface GraphQLErrorEntry {
  message: string;
  extensions?: { code?: string } & Record<string, unknown>;
}

interface GraphQLResponse<T> {
  data?: T | null;
  errors?: GraphQLErrorEntry[];
}

export interface GraphQLClient {
  /** Runs a query or mutation and resolves with its `data`; GraphQL errors reject as ApiError. */
  query<T>(document: string, variables?: Record<string, unknown>, options?: { signal?: AbortSignal }): Promise<T>;
}

export const GRAPHQL_PATH = '/graphql';

/** Spec §7: an UNAUTHENTICATED code or an 'invalid token' message means the token was refused. */
export function isUnauthenticated(errors: readonly GraphQLErrorEntry[] | undefined): boolean {
  return (errors ?? []).some(
    (entry) => entry.extensions?.code === 'UNAUTHENTICATED' || /invalid[ _-]?token/i.test(entry.message),
  );
}

/**
 * A small GraphQL client over the one HTTP wrapper (so bearer token, session header and HTTP 401
 * handling are shared). GraphQL servers report a refused token inside a 200 answer: then the
 * session is refreshed once and the call retried, and if it is still refused the user is sent to
 * sign-in.
 */
export function createGraphQLClient(http: HttpClient, path = GRAPHQL_PATH): GraphQLClient {
  return {
    async query<T>(document: string, variables: Record<string, unknown> = {}, options: { signal?: AbortSignal } = {}) {
      const send = () =>
        http.request<GraphQLResponse<T>>('POST', path, { body: { query: document, variables }, signal: options.signal });

      let answer = await send();
      if (isUnauthenticated(answer?.errors)) {
        if (await http.refreshSession()) answer = await send();
        if (isUnauthenticated(answer?.errors)) {
          await http.signIn();
          throw new ApiError(401, { error: 'UNAUTHENTICATED', message: answer.errors?.[0]?.message ?? 'Please sign in again.' });
        }
      }
      const first = answer?.errors?.[0];
      if (first) throw new ApiError(200, { error: first.extensions?.code ?? 'graphql', message: first.message });
      if (answer?.data === undefined || answer.data === null) {
        throw new ApiError(200, { error: 'graphql', message: 'The server sent no data.' });
      }
      return answer.data;
    },
  };
}
