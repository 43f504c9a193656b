import { loadRuntimeConfig } from './runtime-config';

/**
 * Resolves once the browser has painted a frame (or after 100 ms in a hidden tab, which paints
 * none): a requestAnimationFrame callback runs just before a paint, a task it posts just after.
 */
function afterNextPaint(): Promise<void> {
  return new Promise((resolve) => {
    requestAnimationFrame(() => setTimeout(resolve, 0));
    setTimeout(resolve, 100);
  });
}

/**
 * Starts the app. The runtime config is asked for at once, so its round trip overlaps the
 * download of the shared modules below instead of following it. start reports a failure; until
 * then it is handled here.
 */
function boot(container: HTMLElement) {
  const config = loadRuntimeConfig();
  config.catch(() => undefined);
  // The asynchronous boundary lets Module Federation settle the shared singletons (react,
  // styled-components, @portal/auth, …) before any of them is used.
  return import('./bootstrap').then(({ start }) => start(container, config));
}

const container = document.getElementById('root');
if (container) {
  // A prerendered page is painted before the app's requests and their work begin, so a phone
  // shows it as soon as the HTML is in.
  if (container.querySelector('[data-prerendered]')) void afterNextPaint().then(() => boot(container));
  else void boot(container);
}
