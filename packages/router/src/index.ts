/**
 * The part of react-router the portal uses, and the one module the host and the remotes share
 * for it (tooling/rspack/src/federation.ts).
 *
 * A shared module cannot be tree-shaken, since the bundle that provides it does not know what
 * the others will import: sharing react-router itself put all of it (framework mode, server
 * rendering, cookies and sessions) on every page, 61 kB of the home page's JavaScript after gzip.
 * Shared through this list it is what the list reaches, about half of that. Code that ships
 * imports the router from here (ESLint refuses 'react-router' elsewhere); tests may use
 * react-router's test routers directly, since jest loads one react-router for both.
 */
export {
  Link,
  NavLink,
  Navigate,
  Outlet,
  RouterProvider,
  createBrowserRouter,
  matchPath,
  useBlocker,
  useLoaderData,
  useLocation,
  useNavigate,
  useParams,
  useRouteError,
  useSearchParams,
} from 'react-router';
export type { Blocker, Location, Params, RouteObject } from 'react-router';
