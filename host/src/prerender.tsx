// The build's prerender of the host's routes marked `prerender` (run by rspack.prerender.config.ts):
// each is the layout at that path, with the host's page, or with the slot where the web server
// puts the remote's prerendered page (a remote is built and deployed on its own, so its page is
// its own build's).
import { createElement } from 'react';
import { PAGE_SLOT, renderRoute, writePrerendered, type PrerenderedFile } from '@portal/prerender';
import type { RouteName } from '@portal/routes';
import { buildRoutes } from './app/routes';
import { prerenderedRoutes, prerenderedState } from './app/prerendered';
import { routeTable, type RouteEntry } from './app/routeTable';

function PageSlot() {
  return createElement(PAGE_SLOT);
}

const withSlots = Object.fromEntries(
  (Object.entries(routeTable) as [RouteName, RouteEntry][]).map(([name, entry]) => [
    name,
    entry.page.kind === 'remote' ? { ...entry, page: { kind: 'host', Component: PageSlot } } : entry,
  ]),
) as Record<RouteName, RouteEntry>;

void writePrerendered(async () => {
  const routes = buildRoutes(withSlots);
  const pages: PrerenderedFile['pages'] = {};
  for (const [path, entry] of prerenderedRoutes()) {
    const page = await renderRoute(routes, path, { global: true, session: prerenderedState(entry) });
    const hasSlot = page.html.includes(`<${PAGE_SLOT}>`);
    pages[path] = hasSlot && entry.page.kind === 'remote' ? { ...page, remote: entry.page.remote } : page;
  }
  return pages;
});
