import { matchPath } from '@portal/router';
import { routePaths, type RouteName } from '@portal/routes';
import type { SessionState } from '@portal/auth';
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
 * The session state the page at `pathname` was prerendered in, which the app hydrates it in: a
 * public prerendered page's is signed out (it has no parameters, so its path is its pattern); any
 * other page was prerendered, if at all, while the session is restored.
 */
export function prerenderedSessionState(pathname: string, table: Record<RouteName, RouteEntry> = routeTable): SessionState {
  const publicPage = prerenderedRoutes(table).some(
    ([name, entry]) => prerenderedState(entry) === 'signed-out' && matchPath(routePaths[name], pathname),
  );
  return publicPage ? { status: 'signed-out' } : { status: 'loading' };
}
