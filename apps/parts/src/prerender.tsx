import { renderRoute, writePrerendered } from '@portal/prerender';
import { pathFor } from '@portal/routes';
import { PartsOrderPage } from './features/parts-order/PartsOrderPage';

/**
 * The build's prerender of the remote's public pages (run by rspack.prerender.config.ts), which
 * the web server puts into the host's prerendered layout for the same path: the catalogue's
 * search form, its results loading.
 */
void writePrerendered(async () => {
  const path = pathFor('parts-order');
  return { pages: { [path]: await renderRoute([{ path, element: <PartsOrderPage /> }], path) } };
});
