import { isApiError, type VideoUnit } from '@portal/api-client';
import { useApi } from '@portal/auth';
import { logFailure, refused, useLoad } from '../../../shared/useLoad';

export type UnitsState = { status: 'loading' } | { status: 'ready'; units: VideoUnit[] } | { status: 'failed'; message: string | null };

/** The video units the signed-in customer (or their organization) holds; a refusal keeps its message. */
export function useVideoUnits(): { state: UnitsState; retry: () => void } {
  const api = useApi();
  const { state, retry } = useLoad('video-units', async (signal) => {
    try {
      return await api.parts.videoSerials(undefined, { signal });
    } catch (error) {
      if (!refused(error)) logFailure('Loading the video units', error);
      throw error;
    }
  });
  if (state.status === 'ready') return { state: { status: 'ready', units: state.value }, retry };
  if (state.status === 'failed') return { state: { status: 'failed', message: refused(state.error) && isApiError(state.error) ? state.error.message : null }, retry };
  return { state: { status: 'loading' }, retry };
}
