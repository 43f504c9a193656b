export { renderPage, type RenderedPage, type RenderOptions } from './render';
export { prerenderSession, type PrerenderState } from './session';
export { writePrerendered, type PrerenderedFile, type PrerenderedPage } from './file';
export { expandOptionalSegments, renderPattern } from './patterns';
export { PAGE_SLOT, PageSlot } from './slot';
