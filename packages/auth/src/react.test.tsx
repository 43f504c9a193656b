import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { SessionProvider, useSessionState } from './react';
import type { Session, SessionState } from './session';

const signedIn: SessionState = {
  status: 'signed-in',
  profile: { firstName: 'Casey' } as never,
  roles: [],
};

/** A session already restored, signed in. */
const session = { subscribe: () => () => undefined, getState: () => signedIn } as unknown as Session;

async function hydrate(prerenderedState?: SessionState) {
  const rendered: string[] = [];
  function Status() {
    const { status } = useSessionState();
    rendered.push(status);
    return <p>{status}</p>;
  }
  const container = document.createElement('div');
  container.innerHTML = '<p>signed-out</p>'; // the page as prerendered for a visitor not signed in
  const recoverableErrors = jest.fn();
  await act(async () => {
    hydrateRoot(
      container,
      <SessionProvider session={session} prerenderedState={prerenderedState}>
        <Status />
      </SessionProvider>,
      { onRecoverableError: recoverableErrors },
    );
  });
  return { container, rendered, recoverableErrors };
}

beforeEach(() => {
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});

test('a hydrating render shows the state the page was prerendered in, the next the session’s own', async () => {
  const { container, rendered, recoverableErrors } = await hydrate({ status: 'signed-out' });

  expect(rendered).toEqual(['signed-out', 'signed-in']);
  expect(container).toHaveTextContent('signed-in');
  expect(recoverableErrors).not.toHaveBeenCalled();
});

test('without it, the session’s own state does not match the prerendered page', async () => {
  const { container, recoverableErrors } = await hydrate();

  expect(container).toHaveTextContent('signed-in');
  expect(recoverableErrors).toHaveBeenCalled();
});
