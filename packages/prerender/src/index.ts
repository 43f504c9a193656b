export { renderPage, type RenderedPage, type RenderOptions } from './render';
export { prerenderSession, type PrerenderState } from './session';
export { PAGE_SLOT, writePrerendered, type PrerenderedFile, type PrerenderedPage } from './file';
export { expandOptionalSegments, renderPattern } from './patterns';
