import { renderPage, writePrerendered } from '@portal/prerender';
import { pathFor } from '@portal/routes';
import { HelpSupportPage } from './features/help-support/Page';

/**
 * The build's prerender of the remote's public pages (run by rspack.prerender.config.ts), which
 * the web server puts into the host's prerendered layout for the same path.
 */
void writePrerendered(async () => {
  const path = pathFor('help-support');
  return { pages: { [path]: await renderPage(path, <HelpSupportPage />) } };
});
