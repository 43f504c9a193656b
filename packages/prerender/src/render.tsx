import type { ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { RouterProvider, createMemoryRouter, type RouteObject } from 'react-router';
import { ServerStyleSheet } from 'styled-components';
import { SessionProvider } from '@portal/auth';
import { PortalThemeProvider } from '@portal/ui';
import { prerenderSession, type PrerenderState } from './session';

/** A page as HTML, and the styled-components <style> elements it needs. */
export interface RenderedPage {
  html: string;
  styles: string;
}

export interface RenderOptions {
  /** Include the document's base styles: the host's shell has them, a remote's page does not. */
  global?: boolean;
  /** The session state the page shows (default: signed out). */
  session?: PrerenderState;
}

/**
 * Renders what `routes` show at `path` as the app's first render in the session state given
 * would: effects do not run, so data a page loads shows in its loading state.
 */
export async function renderRoute(
  routes: RouteObject[],
  path: string,
  { global = false, session: state = 'signed-out' }: RenderOptions = {},
): Promise<RenderedPage> {
  const session = await prerenderSession(state);
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const sheet = new ServerStyleSheet();
  try {
    const html = renderToString(
      sheet.collectStyles(
        <PortalThemeProvider global={global}>
          <SessionProvider session={session}>
            <RouterProvider router={router} />
          </SessionProvider>
        </PortalThemeProvider>,
      ),
    );
    return { html, styles: sheet.getStyleTags() };
  } finally {
    sheet.seal();
  }
}

/** A remote's page on its own at `path`, as the web server puts it into the host's layout. */
export function renderPage(path: string, element: ReactElement): Promise<RenderedPage> {
  return renderRoute([{ path, element }], path);
}
