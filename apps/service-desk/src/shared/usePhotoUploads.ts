import { useCallback, useEffect, useRef, useState } from 'react';
import type { FileAttached, FileUploading } from '@portal/ui';
import { useApi } from '@portal/auth';
import { messages } from '@portal/forms';
import { uploadErrorMessage } from '@portal/forms/units';
import { ignoreAbort } from './errors';

interface Uploaded {
  key: string;
  name: string;
  id: string;
}

interface InFlight {
  key: string;
  name: string;
  progress: number;
  controller: AbortController;
}

let nextKey = 0;

/**
 * Photos staff attach (condition on receipt, evidence of a finding), uploaded as they are chosen
 * through POST /depot/photos; a receipt or a diagnosis then names them by their ids.
 */
export function usePhotoUploads() {
  const api = useApi();
  const [attached, setAttached] = useState<Uploaded[]>([]);
  const [inFlight, setInFlight] = useState<InFlight[]>([]);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const live = useRef(new Set<AbortController>());

  useEffect(() => {
    const controllers = live.current;
    return () => controllers.forEach((controller) => controller.abort());
  }, []);

  const choose = useCallback(
    async (files: File[]) => {
      setUploadError(null);
      const key = `batch-${nextKey++}`;
      const controller = new AbortController();
      live.current.add(controller);
      const name = files.map((file) => file.name).join(', ');
      setInFlight((current) => [...current, { key, name, progress: 0, controller }]);
      try {
        const stored = await api.depot.uploadPhotos(files, {
          signal: controller.signal,
          onProgress: (progress) => setInFlight((current) => current.map((f) => (f.key === key ? { ...f, progress } : f))),
        });
        setAttached((current) => [
          ...current,
          ...stored.map((photo, index) => ({ key: `${key}-${index}`, name: photo.originalname || files[index]?.name || photo.bucketFileName, id: photo.bucketFileName })),
        ]);
      } catch (error) {
        // The uploads' words of spec §8, as every other upload of the portal shows them.
        setUploadError(ignoreAbort(error) ? messages.uploadCanceled : uploadErrorMessage(error));
      } finally {
        live.current.delete(controller);
        setInFlight((current) => current.filter((f) => f.key !== key));
      }
    },
    [api],
  );

  const uploading: FileUploading[] = inFlight.map((f) => ({ key: f.key, name: f.name, progress: f.progress, cancel: () => f.controller.abort() }));
  const attachedFiles: FileAttached[] = attached.map((photo) => ({
    key: photo.key,
    name: photo.name,
    remove: () => setAttached((current) => current.filter((p) => p.key !== photo.key)),
  }));

  return {
    ids: attached.map((photo) => photo.id),
    busy: inFlight.length > 0,
    pickerProps: { uploading, attached: attachedFiles, uploadError, onChoose: (files: File[]) => void choose(files) },
  };
}
