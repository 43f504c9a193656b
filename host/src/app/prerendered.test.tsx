import type { ComponentType } from 'react';
import { act, render, screen } from '@testing-library/react';
import { routePaths, type RouteName } from '@portal/routes';
import { LazyPage, type PageLoader } from '../features/lazy-page/LazyPage';
import { prerenderedRoutes, prerenderedState, readyToReplace } from './prerendered';
import { routeTable, type RouteEntry } from './routeTable';

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

/** The route table with help-support's page loaded by `load`. */
function tableWith(load: PageLoader): Record<RouteName, RouteEntry> {
  return { ...routeTable, 'help-support': { ...routeTable['help-support'], page: { kind: 'remote', remote: 'support', load } } };
}

async function settled(promise: Promise<unknown>): Promise<boolean> {
  let done = false;
  void promise.then(() => {
    done = true;
  });
  await act(async () => undefined);
  return done;
}

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

test('a public remote page is replaced once the session is known and its code is in, and then renders at once', async () => {
  const restored = deferred<void>();
  const code = deferred<ComponentType>();
  const load = jest.fn(() => code.promise);
  const session = { init: jest.fn(() => restored.promise) };

  const ready = readyToReplace(routePaths['help-support'], session, 10_000, tableWith(load));
  expect(await settled(ready)).toBe(false);
  restored.resolve();
  expect(await settled(ready)).toBe(false);
  code.resolve(() => <h1>Help &amp; Support</h1>);
  expect(await settled(ready)).toBe(true);

  render(<LazyPage load={load} />);
  expect(screen.getByRole('heading', { name: 'Help & Support' })).toBeInTheDocument();
  expect(load).toHaveBeenCalledTimes(1);
});

test('a page prerendered while the session is restored is replaced at once', async () => {
  const session = { init: jest.fn(() => new Promise<void>(() => undefined)) };
  await readyToReplace(routePaths['rma-history'], session, 10_000);
  expect(session.init).not.toHaveBeenCalled();
});

test('waits no longer than the limit', async () => {
  jest.useFakeTimers();
  const never = new Promise<never>(() => undefined);
  const session = { init: () => never };
  const ready = readyToReplace(routePaths['help-support'], session, 5_000, tableWith(() => never));
  expect(await settled(ready)).toBe(false);
  await act(async () => {
    jest.advanceTimersByTime(5_000);
  });
  expect(await settled(ready)).toBe(true);
});
