import { loadRuntimeConfig } from './runtime-config';

/**
 * Resolves once the browser has painted the page (its paint timing entries), or after 250 ms
 * when none comes: a hidden tab paints nothing.
 */
function afterFirstPaint(): Promise<void> {
  return new Promise((resolve) => {
    let observer: PerformanceObserver | undefined;
    const done = () => {
      clearTimeout(timer);
      observer?.disconnect();
      resolve();
    };
    const timer = setTimeout(done, 250);
    try {
      observer = new PerformanceObserver(done);
      observer.observe({ type: 'paint', buffered: true });
    } catch {
      done(); // no paint timing here: start at once, as without a prerendered page
    }
  });
}

/**
 * Starts the app. The runtime config is asked for at once, so its round trip overlaps the
 * download of the shared modules below instead of following it. start reports a failure; until
 * then it is handled here.
 */
async function boot(container: HTMLElement) {
  const config = loadRuntimeConfig();
  config.catch(() => undefined);
  // The asynchronous boundary lets Module Federation settle the shared singletons (react,
  // styled-components, @portal/auth, …) before any of them is used. React DOM, the largest, is
  // evaluated in a task of its own: two shorter tasks instead of one long one, with the browser
  // free to paint and answer input between them.
  await import('react-dom/client');
  await new Promise((resolve) => setTimeout(resolve, 0));
  const { start } = await import('./bootstrap');
  return start(container, config);
}

const container = document.getElementById('root');
if (container) {
  // A prerendered page is painted before the app's requests and their work begin, so a phone
  // shows it as soon as the HTML is in.
  if (container.hasAttribute('data-prerendered')) void afterFirstPaint().then(() => boot(container));
  else void boot(container);
}
