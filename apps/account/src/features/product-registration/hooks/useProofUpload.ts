import { useCallback, useEffect, useRef, useState } from 'react';
import { isAbortError, isApiError, type POFile } from '@portal/api-client';
import { useApi } from '@portal/auth';
import { messages, timings } from '@portal/forms';
import { useTimedMessage } from '@portal/forms/units';

export interface ProofUploadInProgress {
  name: string;
  progress: number;
  cancel: () => void;
}

/** Documents the upload takes (the server checks the content as well), as for a PO file. */
export const ACCEPTED_PROOF = 'application/pdf,image/png,image/jpeg,image/tiff';

/** Spec §8: the server's message, else 'Error Uploading - Please Try Again'. */
function uploadErrorMessage(error: unknown): string {
  if (isApiError(error) && error.status > 0 && !error.error.startsWith('http.') && error.message) return error.message;
  return messages.uploadFailed;
}

/**
 * The proof of purchase: uploaded as soon as it is chosen through the same call as a PO file
 * (POST /bucket-uploader/upload-to-common-gridfs), with progress and Cancel; the stored file goes
 * to `onUploaded`. Errors clear after 5 s (spec §5).
 */
export function useProofUpload(onUploaded: (file: POFile) => void) {
  const api = useApi();
  const [upload, setUpload] = useState<ProofUploadInProgress | null>(null);
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
