import { Navigate, useLocation, type RouteObject } from '@portal/router';
import type { Session } from '@portal/auth';
import { pathFor, routePaths, type RouteName } from '@portal/routes';
import { useHostSettings } from '../config-context';
import { RouteGuard } from '../features/guard/RouteGuard';
import { LazyPage, type PageLoader } from '../features/lazy-page/LazyPage';
import { DelayedLoadingView } from '../features/lazy-page/views';
import { PageErrorBoundary } from '../features/lazy-page/PageErrorBoundary';
import { RootLayout, type NavEntry } from '../features/layout/RootLayout';
import { NotFoundPage } from '../features/not-found/NotFoundPage';
import { RouteErrorView } from '../features/errors/RouteErrorView';
import type { PortalPart } from '../features/lazy-page/RemoteFailure';
import { remoteParts, type RouteEntry, type RoutePage } from './routeTable';

export interface RouteHandle {
  name: RouteName | 'not-found';
  entry?: RouteEntry;
}

function RemotePage({ load, part, remote }: { load: PageLoader; part: PortalPart; remote: string }) {
  const { pathname } = useLocation();
  const { prerenderedPage } = useHostSettings();
  // A new boundary per URL, so leaving a failed page clears the error.
  return (
    <PageErrorBoundary key={pathname} part={part}>
      <LazyPage
        load={load}
        remote={remote}
        prerendered={prerenderedPage?.path === pathname ? prerenderedPage.html : undefined}
      />
    </PageErrorBoundary>
  );
}

/** The remote serving the contact form, whose failure leaves nothing to link to for help. */
type ContactRemote = string | undefined;

function pageElement(page: RoutePage, contactRemote: ContactRemote) {
  switch (page.kind) {
    case 'host':
      return <page.Component />;
    case 'remote':
      return (
        <RemotePage
          load={page.load}
          remote={page.remote}
          part={{ name: remoteParts[page.remote], offersContactPage: page.remote !== contactRemote }}
        />
      );
    case 'redirect':
      return <Navigate to={pathFor(page.to as 'home')} replace />;
  }
}

function routeElement(entry: RouteEntry, contactRemote: ContactRemote) {
  if (entry.completesSignIn) return pageElement(entry.page, contactRemote);
  return <RouteGuard meta={entry.meta}>{pageElement(entry.page, contactRemote)}</RouteGuard>;
}

/** Main navigation: the routes with a nav label. */
export function navEntries(table: Record<RouteName, RouteEntry>): NavEntry[] {
  return (Object.entries(table) as [RouteName, RouteEntry][])
    .filter(([, entry]) => entry.nav)
    .map(([route, entry]) => ({ route, label: entry.nav as string, meta: entry.meta }));
}

/**
 * A route's loader for its preload: the remote page's code is requested at the same time, so the
 * two downloads overlap.
 */
function routeLoader(entry: RouteEntry, session: LoaderSession | undefined): RouteObject['loader'] {
  const { preload, page } = entry;
  if (!preload || !session) return undefined;
  const hasToken = () => session.hasToken();
  return ({ request, params }) => {
    if (page.kind === 'remote') page.load().catch(() => undefined); // LazyPage reports a failure
    return preload({ api: session.api, signal: request.signal, params, hasToken });
  };
}

/** What route loaders use of the session. */
export type LoaderSession = Pick<Session, 'api' | 'hasToken'>;

export interface BuildOptions {
  /** The session whose API route loaders use; without it routes load no data. */
  session?: LoaderSession;
}

/** The route objects for react-router: one root layout, every named route, a not-found catch-all. */
export function buildRoutes(table: Record<RouteName, RouteEntry>, { session }: BuildOptions = {}): RouteObject[] {
  const contact = table['help-support'].page;
  const contactRemote = contact.kind === 'remote' ? contact.remote : undefined;
  const children: RouteObject[] = (Object.entries(table) as [RouteName, RouteEntry][]).map(([name, entry]) => {
    const loader = routeLoader(entry, session);
    return {
      id: name,
      path: routePaths[name],
      element: routeElement(entry, contactRemote),
      handle: { name, entry } satisfies RouteHandle,
      ...(loader ? { loader, hydrateFallbackElement: <DelayedLoadingView /> } : {}),
    };
  });
  children.push({ id: 'not-found', path: '*', element: <NotFoundPage />, handle: { name: 'not-found' } });

  return [
    {
      id: 'root',
      element: <RootLayout nav={navEntries(table)} />,
      errorElement: <RouteErrorView />,
      children,
    },
  ];
}
