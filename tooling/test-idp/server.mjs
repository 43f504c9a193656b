#!/usr/bin/env node
// An independent OpenID provider for the portal's tests: panva's oidc-provider (OpenID Certified),
// started as a process of its own on a loopback port. Nothing in it is the portal's code: the
// portal finds it only through its discovery document, as it would any provider.
//
//   node server.mjs --port 0 --origin http://127.0.0.1:8080 [--issuer URL] [--users FILE]
//                   [--client-id service-portal] [--audience service-portal] [--redirect-uri URI…]
//
// It prints `test-idp ready <issuer>` once it listens. One public client (code + PKCE, refresh
// tokens) whose redirect URIs are each origin's /oidc-callback and /silent-renew (plus any
// --redirect-uri) and whose post-logout URI is each origin's /. Access tokens are JWTs for the
// portal's audience (resource indicators: the default resource is the audience) carrying the
// profile claims the granted scopes allow, because this provider's userinfo endpoint only
// answers tokens issued for itself. Users, with passwords, come from a JSON file.
import { generateKeyPairSync, randomBytes, timingSafeEqual } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import Provider, { errors } from 'oidc-provider';

/** Which claims each scope releases, in userinfo, id tokens and access tokens alike. */
export const CLAIMS_BY_SCOPE = {
  openid: ['sub'],
  profile: ['name', 'given_name', 'family_name', 'company', 'position'],
  email: ['email', 'email_verified'],
  phone: ['phone_number', 'phone_number_verified'],
  address: ['address'],
  roles: ['roles'],
  organization: ['org', 'flags'],
};

const ACCESS_TOKEN_SCOPES = Object.keys(CLAIMS_BY_SCOPE).filter((s) => s !== 'openid');

/** Reads the users file: a JSON array of users, each with sub, email, password and claims. */
export function loadUsers(file) {
  const users = JSON.parse(readFileSync(file, 'utf8'));
  if (!Array.isArray(users)) throw new Error(`${file}: expected a JSON array of users`);
  for (const u of users) {
    if (typeof u.sub !== 'string' || typeof u.email !== 'string' || typeof u.password !== 'string') {
      throw new Error(`${file}: every user needs string sub, email and password`);
    }
  }
  return users;
}

/** The claims of user that the given scopes release. */
export function claimsFor(user, scopes) {
  const out = { sub: user.sub };
  for (const scope of scopes) {
    for (const claim of CLAIMS_BY_SCOPE[scope] ?? []) {
      if (claim === 'email_verified' && user.email) out.email_verified = true;
      else if (claim === 'phone_number_verified' && user.phone_number) out.phone_number_verified = true;
      else if (user[claim] !== undefined) out[claim] = user[claim];
    }
  }
  return out;
}

function escapeHtml(s) {
  return String(s).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]);
}

function page(title, body) {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>${escapeHtml(title)} · Independent IdP</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>body{font-family:sans-serif;max-width:24rem;margin:3rem auto;padding:0 1rem}label{display:block;margin:.75rem 0 .25rem}input{width:100%;padding:.4rem;box-sizing:border-box}button{margin-top:1rem;margin-right:.5rem;padding:.5rem 1rem}[role=alert]{color:#a00}</style>
</head>
<body><main><h1>${escapeHtml(title)}</h1>
${body}
</main></body></html>`;
}

function loginPage(uid, clientName, { email = '', error = '' } = {}) {
  return page(
    'Independent IdP sign-in',
    `<p>Sign in to continue to ${escapeHtml(clientName)}.</p>
${error ? `<p role="alert">${escapeHtml(error)}</p>` : ''}
<form method="post" action="/interaction/${escapeHtml(uid)}/login" autocomplete="off">
<label for="email">Email address</label><input id="email" name="email" type="email" required autofocus value="${escapeHtml(email)}">
<label for="password">Password</label><input id="password" name="password" type="password" required>
<button type="submit">Sign in</button>
</form>`,
  );
}

function consentPage(uid, clientName, scopes) {
  const items = scopes.filter((s) => s !== 'openid').map((s) => `<li>${escapeHtml(s)}</li>`).join('');
  return page(
    'Allow access',
    `<p>${escapeHtml(clientName)} asks to read your account details:</p>
<ul>${items}</ul>
<form method="post" action="/interaction/${escapeHtml(uid)}/confirm">
<button type="submit">Allow</button>
</form>`,
  );
}

async function readForm(req) {
  const chunks = [];
  let size = 0;
  for await (const chunk of req) {
    size += chunk.length;
    if (size > 64 * 1024) throw new Error('form too large');
    chunks.push(chunk);
  }
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

function send(res, status, html) {
  res.writeHead(status, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' });
  res.end(html);
}

function passwordMatches(user, password) {
  const a = Buffer.from(user.password);
  const b = Buffer.from(password ?? '');
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Builds the provider and the HTTP handler in front of it (the login and consent interaction
 * lives beside the provider's own endpoints).
 */
export function createIdp({ issuer, origins = [], redirectUris = [], clientId = 'service-portal', audience = clientId, users, accessTokenTTL = 15 * 60 }) {
  const byEmail = new Map(users.map((u) => [u.email.toLowerCase(), u]));
  const bySub = new Map(users.map((u) => [u.sub, u]));
  // RFC 8707 resource indicators are absolute URIs; a plain audience is named as a URN.
  const resource = URL.canParse(audience) ? audience : `urn:${audience}`;
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const clientName = 'Rugged Service Portal';

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_name: clientName,
        application_type: 'web',
        token_endpoint_auth_method: 'none',
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        redirect_uris: [...origins.flatMap((o) => [`${o}/oidc-callback`, `${o}/silent-renew`]), ...redirectUris],
        post_logout_redirect_uris: origins.map((o) => `${o}/`),
      },
    ],
    clientBasedCORS: (ctx, origin) => origins.includes(origin),
    claims: CLAIMS_BY_SCOPE,
    scopes: ['openid', 'offline_access'],
    pkce: { required: () => true },
    jwks: { keys: [{ ...privateKey.export({ format: 'jwk' }), kid: randomBytes(8).toString('hex'), alg: 'RS256', use: 'sig' }] },
    cookies: { keys: [randomBytes(32).toString('hex')] },
    ttl: { AccessToken: accessTokenTTL },
    // A public client gets a refresh token with or without offline_access (which this provider
    // honours only with prompt=consent): the browser renews silently with it.
    issueRefreshToken: (ctx, client) => client.grantTypeAllowed('refresh_token'),
    async findAccount(ctx, sub) {
      const user = bySub.get(sub);
      if (!user) return undefined;
      return { accountId: sub, claims: async (use, scope) => claimsFor(user, (scope ?? '').split(' ')) };
    },
    // The profile the access token's scopes allow: the portal reads its users from here.
    async extraTokenClaims(ctx, token) {
      const user = bySub.get(token.accountId);
      if (!user) return undefined;
      // sub is the token's own already.
      const claims = claimsFor(user, [...token.scopes]);
      delete claims.sub;
      return claims;
    },
    interactions: { url: (ctx, interaction) => `/interaction/${interaction.uid}` },
    features: {
      devInteractions: { enabled: false },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => resource,
        useGrantedResource: () => true,
        getResourceServerInfo(ctx, indicator) {
          if (indicator !== resource) throw new errors.InvalidTarget();
          return {
            scope: ACCESS_TOKEN_SCOPES.join(' '),
            audience,
            accessTokenTTL,
            accessTokenFormat: 'jwt',
            jwt: { sign: { alg: 'RS256' } },
          };
        },
      },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource(ctx, form) {
          ctx.body = page(
            'Sign out',
            `<p>Sign out of the Independent IdP?</p>${form}
<button type="submit" form="op.logoutForm" name="logout" value="yes">Yes, sign me out</button>
<button type="submit" form="op.logoutForm">No, stay signed in</button>`,
          );
        },
        postLogoutSuccessSource(ctx) {
          ctx.body = page('Signed out', '<p>You are signed out of the Independent IdP.</p>');
        },
      },
    },
    renderError(ctx, out) {
      ctx.type = 'html';
      ctx.body = page('Sign-in error', `<p role="alert">${escapeHtml(out.error)}: ${escapeHtml(out.error_description ?? '')}</p>`);
    },
  });

  const providerHandler = provider.callback();

  async function interaction(req, res, uid, action) {
    const details = await provider.interactionDetails(req, res);
    if (details.uid !== uid) throw new errors.SessionNotFound('interaction mismatch');
    const { prompt, params } = details;

    if (req.method === 'GET' && !action) {
      if (prompt.name === 'login') return send(res, 200, loginPage(uid, clientName));
      return send(res, 200, consentPage(uid, clientName, String(params.scope ?? '').split(' ')));
    }
    if (req.method === 'POST' && action === 'login' && prompt.name === 'login') {
      const form = await readForm(req);
      const user = byEmail.get(String(form.get('email') ?? '').trim().toLowerCase());
      if (!user || !passwordMatches(user, form.get('password'))) {
        return send(res, 200, loginPage(uid, clientName, { email: form.get('email') ?? '', error: 'Wrong email address or password.' }));
      }
      return provider.interactionFinished(req, res, { login: { accountId: user.sub } }, { mergeWithLastSubmission: false });
    }
    if (req.method === 'POST' && action === 'confirm' && prompt.name === 'consent') {
      const grant = details.grantId
        ? await provider.Grant.find(details.grantId)
        : new provider.Grant({ accountId: details.session.accountId, clientId: params.client_id });
      const missing = prompt.details;
      if (missing.missingOIDCScope) grant.addOIDCScope(missing.missingOIDCScope.join(' '));
      if (missing.missingOIDCClaims) grant.addOIDCClaims(missing.missingOIDCClaims);
      for (const [indicator, scopes] of Object.entries(missing.missingResourceScopes ?? {})) {
        grant.addResourceScope(indicator, scopes.join(' '));
      }
      const grantId = await grant.save();
      return provider.interactionFinished(req, res, { consent: details.grantId ? {} : { grantId } }, { mergeWithLastSubmission: true });
    }
    return send(res, 400, page('Sign-in error', '<p role="alert">This step is not expected now.</p>'));
  }

  async function handler(req, res) {
    const match = /^\/interaction\/([\w-]+)(?:\/(login|confirm))?$/.exec(new URL(req.url, issuer).pathname);
    if (!match) return providerHandler(req, res);
    try {
      await interaction(req, res, match[1], match[2]);
    } catch (err) {
      send(res, 400, page('Sign-in error', `<p role="alert">${escapeHtml(err.error_description ?? err.message)}</p>`));
    }
  }

  return { provider, handler, resource };
}

function main() {
  const { values } = parseArgs({
    options: {
      port: { type: 'string', default: process.env.TEST_IDP_PORT ?? '0' },
      issuer: { type: 'string', default: process.env.TEST_IDP_ISSUER },
      origin: { type: 'string', multiple: true, default: [] },
      'redirect-uri': { type: 'string', multiple: true, default: [] },
      'client-id': { type: 'string', default: 'service-portal' },
      audience: { type: 'string' },
      users: { type: 'string', default: fileURLToPath(new URL('./users.json', import.meta.url)) },
    },
  });
  const users = loadUsers(values.users);
  let handler = null;
  const server = createServer((req, res) => handler(req, res));
  server.listen(Number(values.port), '127.0.0.1', () => {
    const issuer = (values.issuer ?? `http://127.0.0.1:${server.address().port}`).replace(/\/$/, '');
    ({ handler } = createIdp({
      issuer,
      origins: values.origin.map((o) => o.replace(/\/$/, '')),
      redirectUris: values['redirect-uri'],
      clientId: values['client-id'],
      audience: values.audience ?? values['client-id'],
      users,
    }));
    process.stdout.write(`test-idp ready ${issuer}\n`);
  });
  const stop = () => {
    server.close(() => process.exit(0));
    server.closeAllConnections();
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) main();
