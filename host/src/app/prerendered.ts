import { routePaths, type RouteName } from '@portal/routes';
import type { Session } from '@portal/auth';
import { preloadPage } from '../features/lazy-page/LazyPage';
import { routeTable, type RouteEntry } from './routeTable';

/**
 * The session state a route's page is prerendered in: a public page as a visitor who has not
 * signed in sees it, any other as every visitor sees it while the session is being restored
 * (the header without the account, the guard checking the session).
 */
export function prerenderedState(entry: RouteEntry): 'signed-out' | 'loading' {
  return entry.meta.access === 'public' ? 'signed-out' : 'loading';
}

/** The routes marked `prerender`. */
export function prerenderedRoutes(table: Record<RouteName, RouteEntry> = routeTable): [RouteName, RouteEntry][] {
  return (Object.entries(table) as [RouteName, RouteEntry][]).filter(([, entry]) => entry.prerender);
}

/**
 * Waits until the app's first render at `pathname` can replace the prerendered page without a
 * jump: a public page's session is known (at once for a visitor who has not signed in) and its
 * remote page's code has arrived. Never longer than `limitMs`: after that the app renders and
 * its own loading and failure views take over.
 */
export async function readyToReplace(
  pathname: string,
  session: Pick<Session, 'init'>,
  limitMs: number,
  table: Record<RouteName, RouteEntry> = routeTable,
): Promise<void> {
  // A public prerendered page has no parameters (a page that shows them is not prerendered), so
  // its path is its URL; the pages prerendered while the session is restored need no wait.
  const entry = prerenderedRoutes(table).find(([name]) => routePaths[name] === pathname)?.[1];
  if (!entry || prerenderedState(entry) === 'loading') return;
  const waits: Promise<unknown>[] = [session.init()];
  if (entry.page.kind === 'remote') waits.push(preloadPage(entry.page.load));
  let timer: ReturnType<typeof setTimeout> | undefined;
  const limit = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, limitMs);
  });
  await Promise.race([Promise.allSettled(waits), limit]);
  clearTimeout(timer);
}
