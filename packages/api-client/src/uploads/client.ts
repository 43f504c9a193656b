import type { HttpClient } from '../client';
import type { UploadedFile } from './types';

export interface UploadProgressOptions {
  signal?: AbortSignal;
  /** Progress of this request's body, 0 to 1. */
  onProgress?: (fraction: number) => void;
}

/** The bucket uploader: RMA photos and videos. */
export interface UploadsClient {
  /** Uploads 1 to 5 files as parts files[0]…files[4] of one multipart request. */
  uploadRmaAttachments(files: readonly File[], options?: UploadProgressOptions): Promise<UploadedFile[]>;
  /** Deletes a stored attachment by its bucket file name. */
  removeRmaAttachment(bucketFileName: string, options?: { signal?: AbortSignal }): Promise<void>;
}

const PATH = '/bucket-uploader/upload-rma-attachment';
export const MAX_FILES_PER_UPLOAD = 5;

export function createUploadsClient(http: HttpClient): UploadsClient {
  return {
    uploadRmaAttachments(files, options) {
      if (files.length === 0 || files.length > MAX_FILES_PER_UPLOAD) {
        return Promise.reject(new RangeError(`Upload 1 to ${MAX_FILES_PER_UPLOAD} files at a time`));
      }
      const form = new FormData();
      files.forEach((file, index) => form.append(`files[${index}]`, file, file.name));
      return http.upload<UploadedFile[]>(PATH, form, { signal: options?.signal, onProgress: options?.onProgress });
    },
    removeRmaAttachment: (bucketFileName, options) =>
      http.request<void>('DELETE', PATH, { query: { bucketFileName }, signal: options?.signal }),
  };
}
