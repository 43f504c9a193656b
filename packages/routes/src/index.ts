export { routePaths, type RouteName, type RouteParams, type ParamsOptional } from './paths';
export { pathFor } from './pathFor';
