/**
 * @jest-environment node
 */
import { json, setupClient } from './test/fakes';

const query = 'query Q($a:String!){thing(a:$a){name}}';

describe('GraphQL client', () => {
  it('posts the query and variables to /graphql with the bearer token and returns data', async () => {
    const { api, call } = setupClient([json(200, { data: { thing: { name: 'x' } } })]);

    await expect(api.graphql.query(query, { a: '1' })).resolves.toEqual({ thing: { name: 'x' } });

    expect(call(0)).toMatchObject({ url: 'https://api.example.test/graphql', method: 'POST', body: { query, variables: { a: '1' } } });
    expect(call(0).headers.get('Authorization')).toBe('Bearer token-1');
    expect(call(0).headers.get('X-Session-Url')).toBe('https://portal.example.test/create-rma');
  });

  it('on an UNAUTHENTICATED error refreshes once and retries with the new token', async () => {
    const { api, call, tokens } = setupClient([
      json(200, { errors: [{ message: 'no', extensions: { code: 'UNAUTHENTICATED' } }] }),
      json(200, { data: { thing: null } }),
    ]);

    await expect(api.graphql.query(query)).resolves.toEqual({ thing: null });
    expect(tokens.refresh).toHaveBeenCalledTimes(1);
    expect(call(1).headers.get('Authorization')).toBe('Bearer token-2');
    expect(tokens.signIn).not.toHaveBeenCalled();
  });

  it("treats an 'invalid token' message like the code, and signs in when the retry is refused too", async () => {
    const refused = { errors: [{ message: 'Invalid token' }] };
    const { api, tokens } = setupClient([json(200, refused), json(200, refused)]);

    await expect(api.graphql.query(query)).rejects.toMatchObject({ name: 'ApiError', status: 401, error: 'UNAUTHENTICATED' });
    expect(tokens.refresh).toHaveBeenCalledTimes(1);
    expect(tokens.signIn).toHaveBeenCalledTimes(1);
  });

  it('signs in without a retry when the refresh fails', async () => {
    const { api, fetch, tokens } = setupClient([json(200, { errors: [{ message: 'x', extensions: { code: 'UNAUTHENTICATED' } }] })]);
    tokens.refresh.mockResolvedValueOnce(false);

    await expect(api.graphql.query(query)).rejects.toMatchObject({ status: 401 });
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(tokens.signIn).toHaveBeenCalledTimes(1);
  });

  it('rejects other GraphQL errors with their message and code', async () => {
    const { api, tokens } = setupClient([json(200, { errors: [{ message: 'Unknown model', extensions: { code: 'BAD_USER_INPUT' } }] })]);

    await expect(api.graphql.query(query)).rejects.toMatchObject({ message: 'Unknown model', error: 'BAD_USER_INPUT' });
    expect(tokens.refresh).not.toHaveBeenCalled();
  });

  it('handles an HTTP 401 from /graphql like any call', async () => {
    const { api, tokens } = setupClient([
      json(401, { error: 'invalid_token', message: 'expired' }),
      json(200, { data: { thing: { name: 'y' } } }),
    ]);

    await expect(api.graphql.query(query)).resolves.toEqual({ thing: { name: 'y' } });
    expect(tokens.refresh).toHaveBeenCalledTimes(1);
  });

  it.each([
    [400, 'GRAPHQL_VALIDATION_FAILED', 'Variable "$a" got an invalid value: expected a String.'],
    [413, 'PAYLOAD_TOO_LARGE', 'The request body is too large.'],
  ])('rejects a refused request (HTTP %i) with its GraphQL code and message', async (status, code, message) => {
    const { api, tokens } = setupClient([json(status, { errors: [{ message, extensions: { code } }], data: null })]);

    await expect(api.graphql.query(query)).rejects.toMatchObject({ name: 'ApiError', status, error: code, message });
    expect(tokens.refresh).not.toHaveBeenCalled();
  });
});
