import { useEffect } from 'react';
import { browser } from './browser';
import type { PayableState } from './machine';

/**
 * Leaves for the provider's page once the payable is redirecting: after the render that put the
 * page in that state, so a leave warning that state turns off is already down. While it is so,
 * the browser's Back button from the provider may restore this page from its cache as it was left
 * ('Taking you to the payment provider…'); it is loaded again instead, and the fresh page offers
 * to pay or cancel what now awaits its payment.
 */
export function useProviderRedirect(state: PayableState): void {
  const url = state.kind === 'redirecting' ? state.url : null;

  useEffect(() => {
    if (url === null) return undefined;
    browser.assign(url);
    const restored = (event: PageTransitionEvent) => {
      if (event.persisted) browser.reload();
    };
    window.addEventListener('pageshow', restored);
    return () => window.removeEventListener('pageshow', restored);
  }, [url]);
}
