import { renderPage, writePrerendered } from '@portal/prerender';
import { pathFor } from '@portal/routes';
import { PartsOrderManualPage } from './features/parts-order/PartsOrderManualPage';
import { PartsOrderPage } from './features/parts-order/PartsOrderPage';

/**
 * The build's prerender of the remote's public pages (run by rspack.prerender.config.ts), which
 * the web server puts into the host's prerendered layout for the same path: the catalogue's
 * search form with its results loading, and the form for typed part numbers.
 */
void writePrerendered(async () => ({
  pages: {
    [pathFor('parts-order')]: await renderPage(pathFor('parts-order'), <PartsOrderPage />),
    [pathFor('parts-order-manual')]: await renderPage(pathFor('parts-order-manual'), <PartsOrderManualPage />),
  },
}));
