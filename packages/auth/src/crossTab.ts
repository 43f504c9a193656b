/** Tells the other tabs of this browser that the user signed out, and hears them do so. */
export interface SignOutChannel {
  announce(): void;
  /** Returns a function that stops listening. */
  listen(onSignedOutElsewhere: () => void): () => void;
}

const CHANNEL_NAME = 'portal-session';
const STORAGE_KEY = 'portal-session:signed-out';
const MESSAGE = 'signed-out';

interface ChannelEnvironment {
  BroadcastChannel?: typeof BroadcastChannel;
  storage?: Storage;
  target?: Pick<Window, 'addEventListener' | 'removeEventListener'>;
}

/**
 * BroadcastChannel where the browser has it; otherwise a localStorage write, which fires a
 * `storage` event in every other tab of the same origin.
 */
export function createSignOutChannel(env: ChannelEnvironment = defaultEnvironment()): SignOutChannel {
  if (env.BroadcastChannel) {
    const channel = new env.BroadcastChannel(CHANNEL_NAME);
    return {
      announce: () => channel.postMessage(MESSAGE),
      listen(handler) {
        const onMessage = (event: MessageEvent) => {
          if (event.data === MESSAGE) handler();
        };
        channel.addEventListener('message', onMessage);
        return () => channel.removeEventListener('message', onMessage);
      },
    };
  }

  return {
    announce() {
      try {
        // A new value each time, so repeated sign-outs still fire the event.
        env.storage?.setItem(STORAGE_KEY, String(Date.now()));
      } catch {
        // Storage can be unavailable (private mode); the other tabs keep their session then.
      }
    },
    listen(handler) {
      const onStorage = (event: StorageEvent) => {
        if (event.key === STORAGE_KEY && event.newValue) handler();
      };
      env.target?.addEventListener('storage', onStorage);
      return () => env.target?.removeEventListener('storage', onStorage);
    },
  };
}

function defaultEnvironment(): ChannelEnvironment {
  if (typeof window === 'undefined') return {};
  let storage: Storage | undefined;
  try {
    storage = window.localStorage;
  } catch {
    storage = undefined;
  }
  return {
    BroadcastChannel: typeof BroadcastChannel === 'function' ? BroadcastChannel : undefined,
    storage,
    target: window,
  };
}
