import type { HttpClient } from '../client';
import type { POFile, UploadedFile } from './types';

export interface UploadProgressOptions {
  signal?: AbortSignal;
  /** Progress of this request's body, 0 to 1. */
  onProgress?: (fraction: number) => void;
}

/** The bucket uploader: RMA photos and videos, and the purchase-order document of a PO payment. */
export interface UploadsClient {
  /** Uploads 1 to 5 files as parts files[0]…files[4] of one multipart request. */
  uploadRmaAttachments(files: readonly File[], options?: UploadProgressOptions): Promise<UploadedFile[]>;
  /** Deletes a stored attachment by its bucket file name. */
  removeRmaAttachment(bucketFileName: string, options?: { signal?: AbortSignal }): Promise<void>;
  /**
   * Uploads one purchase-order document (PDF, PNG, JPEG or TIFF, up to 10 MB, checked by the
   * server) as part `file`; cancellable through the signal (spec §7). Resolves with the list the
   * server answers, of that one file.
   */
  uploadPurchaseOrder(file: File, options?: UploadProgressOptions): Promise<POFile[]>;
  /** Downloads one of the customer's own purchase-order documents by its fileId. */
  downloadPurchaseOrder(fileId: string, options?: { signal?: AbortSignal }): Promise<Blob>;
}

const PATH = '/bucket-uploader/upload-rma-attachment';
const PO_UPLOAD_PATH = '/bucket-uploader/upload-to-common-gridfs';
const PO_DOWNLOAD_PATH = '/bucket-uploader/download-from-common-gridfs';
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
    uploadPurchaseOrder(file, options) {
      const form = new FormData();
      form.append('file', file, file.name);
      return http.upload<POFile[]>(PO_UPLOAD_PATH, form, { signal: options?.signal, onProgress: options?.onProgress });
    },
    downloadPurchaseOrder: (fileId, options) =>
      http.blob(PO_DOWNLOAD_PATH, { query: { trackId: fileId }, signal: options?.signal }),
  };
}
