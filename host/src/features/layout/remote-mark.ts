import { createContext, useContext, useEffect } from 'react';
import { loadRemoteVersion } from '../../remotes';

/** The remote that rendered the page on screen, at the version its own code reports. */
export interface RemoteMark {
  remote: string;
  version: string;
}

type SetMark = (mark: RemoteMark | null) => void;

const RemoteMarkContext = createContext<SetMark>(() => undefined);

/** Given by the layout, which marks its main element with the mark (data-remote, data-remote-version). */
export const RemoteMarkProvider = RemoteMarkContext.Provider;

/**
 * Marks the page as rendered by remote once its code has loaded (remote undefined until then),
 * with the version the remote's exposed `./version` reports: after a release of one remote, what
 * runs where can be read off the page. The mark goes when the page does; a version that does not
 * load leaves the page unmarked and otherwise as it is.
 */
export function useRemoteMark(remote: string | undefined): void {
  const setMark = useContext(RemoteMarkContext);
  useEffect(() => {
    if (!remote) return undefined;
    let shown = true;
    loadRemoteVersion(remote).then(
      (version) => {
        if (shown) setMark({ remote, version });
      },
      (error: unknown) => console.warn(`The version of remote '${remote}' is unknown`, error),
    );
    return () => {
      shown = false;
      setMark(null);
    };
  }, [remote, setMark]);
}
