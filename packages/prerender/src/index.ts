export { renderRoute, type RenderedPage, type RenderOptions } from './render';
export type { PrerenderState } from './session';
export { PAGE_SLOT, writePrerendered, type PrerenderedFile, type PrerenderedPage } from './file';
