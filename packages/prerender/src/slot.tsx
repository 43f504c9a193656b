import { createElement } from 'react';

/** The element a host page holds where its remote's page goes. */
export const PAGE_SLOT = 'portal-page';

/**
 * Where a host page's remote page goes. The host's prerender leaves it empty, and the web server
 * puts the remote's prerendered page into it (api/portal/webshell): a remote is built and
 * deployed on its own, so its page is its own build's. The browser hydrates the host's page
 * around it and keeps `html`, the remote's page, as it came until the page's code is in. Until
 * then it is a picture of the page: inert, so a click or typing is not lost on a page that cannot
 * answer yet, and hidden from assistive technology, which is told of the page once it works.
 * display: contents keeps it out of the layout.
 */
export function PageSlot({ html }: { html?: string }) {
  return createElement(PAGE_SLOT, {
    inert: true,
    'aria-hidden': 'true',
    style: { display: 'contents' },
    dangerouslySetInnerHTML: html === undefined ? undefined : { __html: html },
  });
}
