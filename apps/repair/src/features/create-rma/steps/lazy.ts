import { lazy } from 'react';

// Steps 2-5 arrive when they are needed (fetched in the background once step 1 has its unit), so
// the page a user lands on carries only step 1.
const loadContactStep = () => import('./ContactStep');
const loadPackagingStep = () => import('./PackagingStep');
const loadConfirmStep = () => import('./ConfirmStep');
const loadDownloadStep = () => import('./DownloadStep');

export const ContactStep = lazy(() => loadContactStep().then((m) => ({ default: m.ContactStep })));
export const PackagingStep = lazy(() => loadPackagingStep().then((m) => ({ default: m.PackagingStep })));
export const ConfirmStep = lazy(() => loadConfirmStep().then((m) => ({ default: m.ConfirmStep })));
export const DownloadStep = lazy(() => loadDownloadStep().then((m) => ({ default: m.DownloadStep })));

export function prefetchSteps() {
  for (const load of [loadContactStep, loadPackagingStep, loadConfirmStep, loadDownloadStep]) {
    load().catch(() => undefined); // a failure shows when the step is opened
  }
}
