import { useEffect } from 'react';
import { prefetchSteps } from '../steps/lazy';

/**
 * Fetches steps 2-5 once the unit's picture is in and the browser is idle. Earlier, their code
 * (the contact step's phone input and its metadata are most of it) would share a phone's
 * bandwidth with the picture, the page's largest paint, and its main thread with step 1. Only a
 * unit that passed the check can go on to step 2. Returns the cancel.
 */
function prefetchStepsAfter(picture: string): () => void {
  const image = new Image();
  let cancelIdle: () => void = () => undefined;
  const fetchWhenIdle = () => {
    if (typeof requestIdleCallback === 'function') {
      const handle = requestIdleCallback(prefetchSteps, { timeout: 2000 });
      cancelIdle = () => cancelIdleCallback(handle);
    } else {
      const timer = setTimeout(prefetchSteps, 200); // no idle callbacks (Safari)
      cancelIdle = () => clearTimeout(timer);
    }
  };
  image.addEventListener('load', fetchWhenIdle);
  image.addEventListener('error', fetchWhenIdle);
  image.src = picture; // the unit card's picture: the browser's cache answers once it is in
  return () => {
    image.removeEventListener('load', fetchWhenIdle);
    image.removeEventListener('error', fetchWhenIdle);
    cancelIdle();
  };
}

/** Prefetches the later steps after the unit's picture (null until the unit passed its check). */
export function usePrefetchSteps(picture: string | null): void {
  useEffect(() => (picture ? prefetchStepsAfter(picture) : undefined), [picture]);
}
