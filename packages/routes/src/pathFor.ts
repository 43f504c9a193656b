import { routePaths, type ParamsOptional, type RouteName, type RouteParams } from './paths';

/**
 * The URL path of a named route, e.g. `pathFor('create-rma', { serial: 'RT10000001' })` →
 * `/create-rma/RT10000001`. Optional parameters left out drop their segment; a missing required
 * parameter throws, because a half-built URL would silently lead to the wrong page.
 */
export function pathFor<Name extends RouteName>(
  ...args: ParamsOptional<Name> extends true ? [name: Name, params?: RouteParams<Name>] : [name: Name, params: RouteParams<Name>]
): string {
  const [name, params] = args;
  const values = (params ?? {}) as Record<string, string | undefined>;
  const pattern: string = routePaths[name];

  const segments = pattern.split('/').flatMap((segment) => {
    if (!segment.startsWith(':')) return [segment];
    const optional = segment.endsWith('?');
    const key = segment.slice(1, optional ? -1 : undefined);
    const value = values[key];
    if (value === undefined || value === '') {
      if (optional) return [];
      throw new Error(`pathFor('${name}'): missing required parameter '${key}'`);
    }
    return [encodeURIComponent(value)];
  });

  const path = segments.join('/');
  return path === '' ? '/' : path;
}
