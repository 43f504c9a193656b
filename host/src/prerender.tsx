// The build's prerender of the host's routes marked `prerender` (run by rspack.prerender.config.ts):
// each is the layout as every URL of the route shows it first, with the host's page, or with the
// slot where the web server puts the remote's prerendered page (a remote is built and deployed on
// its own, so its page is its own build's). The router's patterns go with them, so the web server
// knows which route a URL is.
import {
  PAGE_SLOT,
  PageSlot,
  expandOptionalSegments,
  prerenderSession,
  renderPattern,
  writePrerendered,
  type PrerenderedFile,
} from '@portal/prerender';
import { routePaths, type RouteName } from '@portal/routes';
import { buildRoutes } from './app/routes';
import { prerenderedRoutes, prerenderedState } from './app/prerendered';
import { routeTable, type RouteEntry } from './app/routeTable';

// The app's first render of a route with a preload is its loading view, shown while the loader
// waits for the session and the data; these loaders never finish, so that is what is rendered.
const stillLoading = () => new Promise<never>(() => undefined);

const withSlots = Object.fromEntries(
  (Object.entries(routeTable) as [RouteName, RouteEntry][]).map(([name, entry]) => [
    name,
    {
      ...entry,
      ...(entry.page.kind === 'remote' ? { page: { kind: 'host', Component: PageSlot } } : {}),
      ...(entry.preload ? { preload: stillLoading } : {}),
    },
  ]),
) as Record<RouteName, RouteEntry>;

void writePrerendered(async () => {
  const routes = buildRoutes(withSlots, { session: await prerenderSession('loading') });
  const pages: PrerenderedFile['pages'] = {};
  for (const [name, entry] of prerenderedRoutes()) {
    for (const pattern of expandOptionalSegments(routePaths[name])) {
      const page = await renderPattern(routes, pattern, { global: true, session: prerenderedState(entry) });
      const hasSlot = page.html.includes(`<${PAGE_SLOT} `);
      pages[pattern] = hasSlot && entry.page.kind === 'remote' ? { ...page, remote: entry.page.remote } : page;
    }
  }
  return { pages, routes: Object.values(routePaths).flatMap(expandOptionalSegments) };
});
