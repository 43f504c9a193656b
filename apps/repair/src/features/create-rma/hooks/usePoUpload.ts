import { useCallback, useEffect, useRef, useState } from 'react';
import { isAbortError, type POFile } from '@portal/api-client';
import { useApi } from '@portal/auth';
import { messages, timings } from '@portal/forms';
import { useTimedMessage } from '@portal/forms/units';
import { uploadErrorMessage } from './useUploads';

export interface PoUploadInProgress {
  name: string;
  progress: number;
  cancel: () => void;
}

/** Purchase-order documents the PO upload takes (the server checks the content as well). */
export const ACCEPTED_PO = 'application/pdf,image/png,image/jpeg,image/tiff';

/**
 * The PO file of a PO payment: uploaded as soon as it is chosen (POST upload-to-common-gridfs),
 * with progress and Cancel; the stored file goes to `onUploaded`. Errors clear after 5 s (spec §5).
 */
export function usePoUpload(onUploaded: (file: POFile) => void) {
  const api = useApi();
  const [upload, setUpload] = useState<PoUploadInProgress | null>(null);
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
