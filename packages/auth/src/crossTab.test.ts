import { createSignOutChannel } from './crossTab';

describe('cross-tab sign-out', () => {
  it('uses BroadcastChannel when available', () => {
    const posted: unknown[] = [];
    const handlers: ((event: MessageEvent) => void)[] = [];
    class FakeChannel {
      constructor(readonly name: string) {}
      postMessage(message: unknown) {
        posted.push(message);
      }
      addEventListener(_type: string, handler: (event: MessageEvent) => void) {
        handlers.push(handler);
      }
      removeEventListener() {}
    }
    const channel = createSignOutChannel({ BroadcastChannel: FakeChannel as unknown as typeof BroadcastChannel });
    const onSignedOut = jest.fn();
    channel.listen(onSignedOut);

    channel.announce();
    handlers.forEach((handler) => handler(new MessageEvent('message', { data: posted[0] })));
    handlers.forEach((handler) => handler(new MessageEvent('message', { data: 'something-else' })));

    expect(posted).toEqual(['signed-out']);
    expect(onSignedOut).toHaveBeenCalledTimes(1);
  });

  it('falls back to storage events without BroadcastChannel', () => {
    const channel = createSignOutChannel({ storage: window.localStorage, target: window });
    const onSignedOut = jest.fn();
    const stop = channel.listen(onSignedOut);

    channel.announce();
    const key = 'portal-session:signed-out';
    const written = window.localStorage.getItem(key);
    expect(written).not.toBeNull();
    // Browsers fire `storage` only in the other tabs; simulate being one of them.
    window.dispatchEvent(new StorageEvent('storage', { key, newValue: written }));
    window.dispatchEvent(new StorageEvent('storage', { key: 'unrelated', newValue: '1' }));
    expect(onSignedOut).toHaveBeenCalledTimes(1);

    stop();
    window.dispatchEvent(new StorageEvent('storage', { key, newValue: 'later' }));
    expect(onSignedOut).toHaveBeenCalledTimes(1);
  });
});
