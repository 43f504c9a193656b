import { startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { Session } from '@portal/auth';
import { timings } from '@portal/forms';
import { Banner, Button, PageContainer, PortalThemeProvider, Stack } from '@portal/ui';
import { App } from './app/App';
import { readyToReplace } from './app/prerendered';
import { registerPortalRemotes } from './remotes';
import type { RuntimeConfig } from './runtime-config';

function StartupError() {
  return (
    <PortalThemeProvider global>
      <PageContainer>
        <Stack>
          <Banner variant="error" title="The portal could not start.">
            Its configuration did not load. Check your connection, then reload the page.
          </Banner>
          <div>
            <Button onClick={() => window.location.reload()}>Reload</Button>
          </div>
        </Stack>
      </PageContainer>
    </PortalThemeProvider>
  );
}

/** Awaits the runtime config, registers the remotes it names, restores the session and renders. */
export async function start(container: HTMLElement, runtimeConfig: Promise<RuntimeConfig>): Promise<void> {
  const root = createRoot(container);
  let config;
  try {
    config = await runtimeConfig;
  } catch (error) {
    console.error(error);
    root.render(<StartupError />);
    return;
  }

  registerPortalRemotes(config.remotes, config.allowedRemoteOrigins);
  const session = new Session({ oidc: config.oidc, apiBaseUrl: config.apiBaseUrl });
  void session.init();
  // A page the server prerendered stays on screen until the first render can show the same.
  if (container.querySelector('[data-prerendered]')) {
    await readyToReplace(window.location.pathname, session, timings.lazyPageTimeoutMs);
  }
  // As a transition the first render yields to the browser every few milliseconds instead of
  // holding the main thread for the whole tree, so a tap or a scroll during start is answered.
  startTransition(() => root.render(<App session={session} settings={{ apiBaseUrl: config.apiBaseUrl }} />));
}
