// The provider's own contract, in-process: what its discovery document promises and how users
// and scopes become claims. The Go test in api/identity/identityoidc and the browser test in e2e
// drive it as a separate process.
import assert from 'node:assert/strict';
import { once } from 'node:events';
import { createServer } from 'node:http';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { claimsFor, createIdp, loadUsers } from './server.mjs';

const users = loadUsers(fileURLToPath(new URL('./users.json', import.meta.url)));

async function started(t) {
  let handler;
  const server = createServer((req, res) => handler(req, res));
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const issuer = `http://127.0.0.1:${server.address().port}`;
  ({ handler } = createIdp({ issuer, origins: ['http://127.0.0.1:8080'], users }));
  t.after(() => {
    server.closeAllConnections();
    server.close();
  });
  return issuer;
}

test('discovery names the endpoints and scopes the portal uses', async (t) => {
  const issuer = await started(t);
  const doc = await (await fetch(`${issuer}/.well-known/openid-configuration`)).json();
  assert.equal(doc.issuer, issuer);
  assert.ok(doc.end_session_endpoint, 'RP-initiated logout');
  assert.ok(doc.userinfo_endpoint);
  assert.deepEqual(doc.code_challenge_methods_supported, ['S256']);
  for (const scope of ['openid', 'profile', 'email', 'phone', 'address', 'roles', 'organization', 'offline_access']) {
    assert.ok(doc.scopes_supported.includes(scope), scope);
  }
});

test('an authorization request without PKCE is refused', async (t) => {
  const issuer = await started(t);
  const url = `${issuer}/auth?client_id=service-portal&response_type=code&scope=openid&redirect_uri=${encodeURIComponent('http://127.0.0.1:8080/oidc-callback')}`;
  const res = await fetch(url, { redirect: 'manual' });
  assert.match(res.headers.get('location') ?? '', /error=invalid_request/);
});

test("the portal's origin may call the token endpoint from the browser", async (t) => {
  const issuer = await started(t);
  const preflight = (origin) =>
    fetch(`${issuer}/token`, { method: 'OPTIONS', headers: { Origin: origin, 'Access-Control-Request-Method': 'POST' } });
  assert.equal((await preflight('http://127.0.0.1:8080')).headers.get('access-control-allow-origin'), 'http://127.0.0.1:8080');
});

test('scopes release only their claims', () => {
  const riley = users.find((u) => u.email === 'riley.quinn@independent.example');
  assert.deepEqual(claimsFor(riley, ['openid', 'email']), { sub: riley.sub, email: riley.email, email_verified: true });
  assert.deepEqual(claimsFor(riley, ['organization']), { sub: riley.sub, org: { name: 'Quinn Surveying LLC' }, flags: { rma: { flatDiscountPercentage: 5 } } });
  assert.equal(claimsFor(riley, ['profile']).password, undefined, 'never the password');
});
