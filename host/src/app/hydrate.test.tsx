import { act } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { prerenderSession, renderPattern } from '@portal/prerender';
import { routePaths } from '@portal/routes';
import { App } from './App';
import { prerenderedSessionState, prerenderedState } from './prerendered';
import { buildRoutes } from './routes';
import { routeTable } from './routeTable';

// The host's pages as the build prerenders them (src/prerender.tsx), hydrated by the app as the
// browser does. React's development build reports any difference, an attribute included, which
// the production build leaves in the page unpatched.
describe.each([
  ['home', '/'],
  ['rma-history', '/your-account/rma-history'],
] as const)('the prerendered %s page', (name, path) => {
  test('hydrates without a difference, keeping the elements it was sent', async () => {
    const state = prerenderedState(routeTable[name]);
    const routes = buildRoutes(routeTable, { session: await prerenderSession('loading') });
    const { html } = await renderPattern(routes, routePaths[name], { global: true, session: state });
    window.history.replaceState(null, '', path);
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    const header = container.querySelector('header');
    const errors = jest.spyOn(console, 'error');
    const recoverable = jest.fn();
    globalThis.fetch = jest.fn(() => new Promise<Response>(() => undefined));

    await act(async () => {
      hydrateRoot(
        container,
        <App
          session={await prerenderSession(state)}
          settings={{ apiBaseUrl: '' }}
          prerenderedState={prerenderedSessionState(path)}
        />,
        { onRecoverableError: recoverable },
      );
    });

    expect(errors).not.toHaveBeenCalled();
    expect(recoverable).not.toHaveBeenCalled();
    expect(header).not.toBeNull();
    expect(container.querySelector('header')).toBe(header);
  });
});
