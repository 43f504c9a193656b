/** A stored RMA attachment (spec §3 uploaded file). */
export interface UploadedFile {
  originalname: string;
  /** The stored name the create-RMA payload lists under attachments. */
  bucketFileName: string;
  cancellable: boolean;
}
