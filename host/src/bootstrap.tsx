import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { Session } from '@portal/auth';
import { PAGE_SLOT } from '@portal/prerender/slot';
import { Banner, Button, PageContainer, PortalThemeProvider, Stack } from '@portal/ui';
import { App } from './app/App';
import { prerenderedSessionState } from './app/prerendered';
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

/**
 * The page works from here on: assistive technology is told of it, and a click reaches it. Until
 * then it was a picture of itself (api/portal/webshell).
 */
function markStarted(container: HTMLElement) {
  container.removeAttribute('data-prerendered');
  container.removeAttribute('inert');
  container.removeAttribute('aria-hidden');
}

/**
 * Awaits the runtime config, registers the remotes it names, restores the session and renders:
 * a page the server prerendered is hydrated, in the session state it was rendered in, so the
 * browser keeps the page it has painted instead of building it again.
 */
export async function start(container: HTMLElement, runtimeConfig: Promise<RuntimeConfig>): Promise<void> {
  let config;
  try {
    config = await runtimeConfig;
  } catch (error) {
    console.error(error);
    markStarted(container);
    createRoot(container).render(<StartupError />);
    return;
  }

  registerPortalRemotes(config.remotes, config.allowedRemoteOrigins);
  const session = new Session({ oidc: config.oidc, apiBaseUrl: config.apiBaseUrl });
  void session.init();
  const { pathname } = window.location;
  if (!container.hasAttribute('data-prerendered')) {
    // As a transition the first render yields to the browser every few milliseconds instead of
    // holding the main thread for the whole tree, so a tap or a scroll during start is answered.
    startTransition(() =>
      createRoot(container).render(<App session={session} settings={{ apiBaseUrl: config.apiBaseUrl }} />),
    );
    return;
  }
  const slot = container.querySelector(PAGE_SLOT);
  const settings = {
    apiBaseUrl: config.apiBaseUrl,
    ...(slot ? { prerenderedPage: { path: pathname, html: slot.innerHTML } } : {}),
  };
  // Hydrating as a transition yields to the browser the same way.
  startTransition(() => {
    hydrateRoot(
      container,
      <App
        session={session}
        settings={settings}
        prerenderedState={prerenderedSessionState(pathname)}
        onStarted={() => markStarted(container)}
      />,
    );
  });
}
