import { useEffect, useState } from 'react';
import styled from 'styled-components';
import { isAbortError, type DiagnosisPhoto } from '@portal/api-client';
import { useApi } from '@portal/auth';
import { Dialog, MutedText, Spinner } from '@portal/ui';

export const PHOTO_FAILED = 'This photo could not be loaded.';
/** What a member of the owner's organization sees instead: the photos are the owner's evidence to decide on. */
export const photosOfOwner = (count: number) => `${count === 1 ? '1 photo' : `${count} photos`}, shown to the customer who opened this RMA.`;

type PhotoState = { status: 'loading' } | { status: 'ready'; url: string } | { status: 'failed' };

/**
 * One diagnosis photo as an object URL: an img cannot send the bearer token the photo route
 * needs, so the bytes are fetched and handed to the img; the URL is revoked when the photo goes.
 */
export function usePhotoUrl(photo: DiagnosisPhoto): PhotoState {
  const api = useApi();
  const [state, setState] = useState<{ key: string; photo: PhotoState } | null>(null);
  const key = photo.url;

  useEffect(() => {
    const controller = new AbortController();
    let url: string | null = null;
    api.account.diagnosisPhoto({ id: photo.id, url: key }, { signal: controller.signal }).then(
      (blob) => {
        if (controller.signal.aborted) return;
        url = URL.createObjectURL(blob);
        setState({ key, photo: { status: 'ready', url } });
      },
      (error: unknown) => {
        if (controller.signal.aborted || isAbortError(error)) return;
        setState({ key, photo: { status: 'failed' } });
      },
    );
    return () => {
      controller.abort();
      if (url) URL.revokeObjectURL(url);
    };
  }, [api, photo.id, key]);

  return state && state.key === key ? state.photo : { status: 'loading' };
}

const Strip = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.sm};
  list-style: none;
  margin: ${({ theme }) => theme.space.sm} 0 0;
  padding: 0;
`;

// Half a unit picture: four thumbnails fit a phone's row.
const Thumb = styled.button`
  display: flex;
  align-items: center;
  justify-content: center;
  width: calc(${({ theme }) => theme.size.unitImage} / 2);
  height: calc(${({ theme }) => theme.size.unitImage} / 2);
  padding: 0;
  border: ${({ theme }) => `${theme.size.borderWidth} solid ${theme.colors.border}`};
  border-radius: ${({ theme }) => theme.radii.sm};
  background: ${({ theme }) => theme.colors.surfaceMuted};
  cursor: zoom-in;
  overflow: hidden;

  img {
    width: 100%;
    height: 100%;
    object-fit: cover;
  }
`;

// The window's width, whatever the photo's own size, without cropping or stretching it.
const Large = styled.img`
  display: block;
  width: 100%;
  max-height: 70vh;
  object-fit: contain;
`;

function Photo({ photo, alt }: { photo: DiagnosisPhoto; alt: string }) {
  const state = usePhotoUrl(photo);
  const [open, setOpen] = useState(false);
  if (state.status === 'failed') return <li role="alert">{PHOTO_FAILED}</li>;
  return (
    <li>
      {state.status === 'loading' ? (
        <Thumb type="button" disabled aria-label={`${alt} (loading)`}>
          <Spinner />
        </Thumb>
      ) : (
        <Thumb type="button" onClick={() => setOpen(true)} aria-label={`Enlarge ${alt}`}>
          <img src={state.url} alt={alt} />
        </Thumb>
      )}
      {open && state.status === 'ready' ? (
        <Dialog title={alt} closeLabel="Close photo" onClose={() => setOpen(false)} wide>
          <Large src={state.url} alt={alt} />
        </Dialog>
      ) : null}
    </li>
  );
}

/**
 * A finding's photos as thumbnails; each opens larger in a window of its own. Only the RMA's owner
 * may read them (`viewable`); anyone else is told how many there are.
 */
export function FindingPhotos({ photos, label, viewable }: { photos: readonly DiagnosisPhoto[]; label: string; viewable: boolean }) {
  if (photos.length === 0) return null;
  if (!viewable) return <MutedText>{photosOfOwner(photos.length)}</MutedText>;
  return (
    <Strip aria-label={`Photos: ${label}`}>
      {photos.map((photo, index) => (
        <Photo key={photo.id} photo={photo} alt={`${label}, photo ${index + 1} of ${photos.length}`} />
      ))}
    </Strip>
  );
}
