/** A stored RMA attachment (spec §3 uploaded file). */
export interface UploadedFile {
  originalname: string;
  /** The stored name the create-RMA payload lists under attachments. */
  bucketFileName: string;
  cancellable: boolean;
}

/** A stored purchase-order document (spec §3 PO file response). */
export interface POFile {
  /** The id the PO payment sends as customerPOFileId, and the download's trackId. */
  fileId: string;
  originalname: string;
}
