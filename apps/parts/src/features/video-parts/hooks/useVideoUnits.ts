import { useEffect, useState } from 'react';
import { isAbortError, isApiError, type VideoUnit } from '@portal/api-client';
import { useApi } from '@portal/auth';

export type UnitsState = { status: 'loading' } | { status: 'ready'; units: VideoUnit[] } | { status: 'failed'; message: string | null };

/** The video units the signed-in customer (or their organization) holds; a refusal keeps its message. */
export function useVideoUnits(): { state: UnitsState; retry: () => void } {
  const api = useApi();
  const [attempt, setAttempt] = useState(0);
  const [loaded, setLoaded] = useState<{ attempt: number; state: UnitsState } | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    api.parts.videoSerials(undefined, { signal: controller.signal }).then(
      (units) => {
        if (!controller.signal.aborted) setLoaded({ attempt, state: { status: 'ready', units } });
      },
      (error: unknown) => {
        if (isAbortError(error) || controller.signal.aborted) return;
        const refused = isApiError(error) && error.status === 403;
        if (!refused) console.error('Loading the video units failed', error);
        setLoaded({ attempt, state: { status: 'failed', message: refused ? error.message : null } });
      },
    );
    return () => controller.abort();
  }, [api, attempt]);

  return { state: loaded && loaded.attempt === attempt ? loaded.state : { status: 'loading' }, retry: () => setAttempt((n) => n + 1) };
}
