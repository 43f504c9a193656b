import type { RouteObject } from 'react-router';
import { renderRoute, type RenderedPage, type RenderOptions } from './render';

/**
 * The patterns a react-router path stands for, one for each choice of its optional segments,
 * longest first: `/pay-quote/:quoteid?/:reference` is `/pay-quote/:quoteid/:reference` and
 * `/pay-quote/:reference`. The web server matches URLs against these (api/portal/webshell), which
 * is simpler than optional segments and ranks as the router does.
 */
export function expandOptionalSegments(path: string): string[] {
  let variants: string[][] = [[]];
  for (const segment of path.split('/').filter(Boolean)) {
    if (segment.endsWith('?')) {
      const required = segment.slice(0, -1);
      variants = variants.flatMap((v) => [[...v, required], v]);
    } else {
      variants = variants.map((v) => [...v, segment]);
    }
  }
  return variants.map((v) => `/${v.join('/')}`);
}

/** The value each parameter takes in the URL a pattern is rendered at. */
const PARAM_PLACEHOLDER = 'prerender-param';

/**
 * Renders what `routes` show for every URL of `pattern`, at a URL whose parameters are a
 * placeholder. The web server answers all those URLs with this one page, so a page that shows a
 * parameter cannot be prerendered: it throws, failing the build.
 */
export async function renderPattern(routes: RouteObject[], pattern: string, options?: RenderOptions): Promise<RenderedPage> {
  const page = await renderRoute(routes, pattern.replace(/:[\w-]+/g, PARAM_PLACEHOLDER), options);
  if (page.html.includes(PARAM_PLACEHOLDER)) {
    throw new Error(`the page prerendered for ${pattern} shows a parameter of its URL, so it is not the same for every URL`);
  }
  return page;
}
