import { routePaths } from '@portal/routes';
import { prerenderedRoutes, prerenderedSessionState, prerenderedState } from './prerendered';
import { routeTable } from './routeTable';

test('a public page is prerendered only where it is the same for every visitor and every URL of it', () => {
  const routes = prerenderedRoutes();
  expect(routes.map(([name]) => name)).toEqual(
    expect.arrayContaining(['home', 'help-support', 'parts-order', 'rma-history', 'create-rma']),
  );
  for (const [name, entry] of routes) {
    expect(entry.page.kind).not.toBe('redirect');
    if (prerenderedState(entry) === 'signed-out') {
      expect(routePaths[name]).not.toContain(':');
      expect(entry.preload).toBeUndefined();
    }
  }
});

test('a public page is prerendered signed out, any other while the session is restored', () => {
  expect(prerenderedState(routeTable.home)).toBe('signed-out');
  expect(prerenderedState(routeTable['rma-history'])).toBe('loading');
});

test('the app hydrates a public prerendered page signed out, at any spelling of its path, and any other page restoring the session', () => {
  expect(prerenderedSessionState('/')).toEqual({ status: 'signed-out' });
  expect(prerenderedSessionState('/help-support')).toEqual({ status: 'signed-out' });
  expect(prerenderedSessionState('/Help-Support/')).toEqual({ status: 'signed-out' });
  expect(prerenderedSessionState('/parts-order/manual')).toEqual({ status: 'signed-out' });
  expect(prerenderedSessionState('/your-account/rma-history')).toEqual({ status: 'loading' });
  expect(prerenderedSessionState('/create-rma/RT10000001')).toEqual({ status: 'loading' });
});
