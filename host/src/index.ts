import { loadRuntimeConfig } from './runtime-config';

// The runtime config is asked for at once, so its round trip overlaps the download of the shared
// modules below instead of following it. start reports a failure; until then it is handled here.
const config = loadRuntimeConfig();
config.catch(() => undefined);

// The asynchronous boundary lets Module Federation settle the shared singletons (react,
// styled-components, @portal/auth, …) before any of them is used.
void import('./bootstrap').then(({ start }) => {
  const container = document.getElementById('root');
  if (container) return start(container, config);
  return undefined;
});
