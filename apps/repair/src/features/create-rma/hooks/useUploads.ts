import { useCallback, useEffect, useRef, useState } from 'react';
import { isAbortError, MAX_FILES_PER_UPLOAD, type UploadedFile } from '@portal/api-client';
import { useApi } from '@portal/auth';
import { limits, messages, timings } from '@portal/forms';
import { COPY } from '../copy';
import { uploadErrorMessage, useTimedMessage } from '@portal/forms/units';

export interface UploadInProgress {
  id: number;
  name: string;
  progress: number;
  cancel: () => void;
}

export const ACCEPTED_MEDIA = 'image/*,video/*';

function isMedia(file: File): boolean {
  return file.type.startsWith('image/') || file.type.startsWith('video/');
}

/**
 * The photo/video uploads of step 1: each chosen file goes in its own request (so each has its
 * progress bar and Cancel), at most 5 per choice and 50 MB each, checked here before sending.
 * Errors clear after 5 s. Stored files are handed to `onUploaded`.
 */
export function useUploads(onUploaded: (file: UploadedFile) => void) {
  const api = useApi();
  const [uploads, setUploads] = useState<UploadInProgress[]>([]);
  const [error, showError] = useTimedMessage(timings.uploadErrorMs);
  const nextId = useRef(1);
  const controllers = useRef(new Set<AbortController>());
  const onUploadedRef = useRef(onUploaded);
  useEffect(() => {
    onUploadedRef.current = onUploaded;
  });

  // Leaving the page cancels what is still in flight.
  useEffect(() => {
    const inFlight = controllers.current;
    return () => inFlight.forEach((controller) => controller.abort());
  }, []);

  const uploadOne = useCallback(
    (file: File) => {
      const id = nextId.current++;
      const controller = new AbortController();
      controllers.current.add(controller);
      const cancel = () => controller.abort();
      const drop = () => {
        controllers.current.delete(controller);
        setUploads((list) => list.filter((u) => u.id !== id));
      };
      setUploads((list) => [...list, { id, name: file.name, progress: 0, cancel }]);
      api.uploads
        .uploadRmaAttachments([file], {
          signal: controller.signal,
          onProgress: (progress) => setUploads((list) => list.map((u) => (u.id === id ? { ...u, progress } : u))),
        })
        .then(
          (stored) => {
            drop();
            stored.forEach((s) => onUploadedRef.current(s));
          },
          (failure: unknown) => {
            drop();
            if (isAbortError(failure)) showError(messages.uploadCanceled);
            else showError(uploadErrorMessage(failure));
          },
        );
    },
    [api, showError],
  );

  const add = useCallback(
    (files: readonly File[]) => {
      if (files.length === 0) return;
      if (files.length > MAX_FILES_PER_UPLOAD) {
        showError(COPY.tooManyFiles);
        return;
      }
      const notMedia = files.find((file) => !isMedia(file));
      if (notMedia) {
        showError(COPY.notMedia(notMedia.name));
        return;
      }
      const tooLarge = files.find((file) => file.size > limits.fileSizeBytes);
      if (tooLarge) {
        showError(COPY.tooLarge(tooLarge.name));
        return;
      }
      files.forEach(uploadOne);
    },
    [showError, uploadOne],
  );

  const remove = useCallback(
    (file: UploadedFile) => {
      api.uploads.removeRmaAttachment(file.bucketFileName).catch((failure: unknown) => {
        // The file is no longer attached either way; a stray stored file is the server's to clean.
        console.error('Removing an attachment failed', failure);
      });
    },
    [api],
  );

  return { uploads, error, add, remove };
}
