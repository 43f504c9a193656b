import { useCallback, useEffect, useRef, useState } from 'react';
import { isAbortError, isApiError, type POFile } from '@portal/api-client';
import { useApi } from '@portal/auth';
import { messages } from '../messages';
import { timings } from '../limits';
import { useTimedMessage } from './useTimedMessage';

export interface FileUploadInProgress {
  name: string;
  progress: number;
  cancel: () => void;
}

/** Documents the single-file upload takes (the server checks the content as well). */
export const ACCEPTED_DOCUMENTS = 'application/pdf,image/png,image/jpeg,image/tiff';

/** Spec §8: the server's message, else 'Error Uploading - Please Try Again'. */
export function uploadErrorMessage(error: unknown): string {
  if (isApiError(error) && error.status > 0 && !error.error.startsWith('http.') && error.message) return error.message;
  return messages.uploadFailed;
}

/**
 * One document (a PO file, a proof of purchase) uploaded as soon as it is chosen
 * (POST /bucket-uploader/upload-to-common-gridfs), with progress and Cancel; choosing another
 * cancels the one under way. The stored file goes to `onUploaded`. Errors clear after 5 s (spec §5).
 */
export function useFileUpload(onUploaded: (file: POFile) => void) {
  const api = useApi();
  const [upload, setUpload] = useState<FileUploadInProgress | null>(null);
  const [error, showError] = useTimedMessage(timings.uploadErrorMs);
  const controller = useRef<AbortController | null>(null);
  const onUploadedRef = useRef(onUploaded);
  useEffect(() => {
    onUploadedRef.current = onUploaded;
  });
  useEffect(() => () => controller.current?.abort(), []);

  const choose = useCallback(
    (file: File) => {
      controller.current?.abort();
      const current = new AbortController();
      controller.current = current;
      setUpload({ name: file.name, progress: 0, cancel: () => current.abort() });
      api.uploads
        .uploadPurchaseOrder(file, {
          signal: current.signal,
          onProgress: (progress) => setUpload((u) => (u && controller.current === current ? { ...u, progress } : u)),
        })
        .then(
          ([stored]) => {
            if (controller.current !== current) return;
            controller.current = null;
            setUpload(null);
            if (stored) onUploadedRef.current(stored);
            else showError(messages.uploadFailed);
          },
          (failure: unknown) => {
            if (controller.current !== current) return;
            controller.current = null;
            setUpload(null);
            showError(isAbortError(failure) ? messages.uploadCanceled : uploadErrorMessage(failure));
          },
        );
    },
    [api, showError],
  );

  return { upload, error, choose };
}
