import type { UploadedFile } from '@portal/api-client';
import { FilePicker } from '@portal/ui';
import { COPY } from '../copy';
import { ACCEPTED_MEDIA, type UploadInProgress } from '../hooks/useUploads';

export interface UploaderProps {
  files: readonly UploadedFile[];
  uploads: readonly UploadInProgress[];
  error: string | null;
  /** The field's own message (e.g. 'Must Attach Files'), shown under it. */
  fieldError?: string;
  onAdd: (files: File[]) => void;
  onRemove: (file: UploadedFile) => void;
  /** The user left the field: the step may show its message, as for a text field's blur. */
  onLeave?: () => void;
}

/** The photo/video uploader of step 1 (the portal's file field): choose files, watch each upload, cancel or remove. */
export function Uploader({ files, uploads, error, fieldError, onAdd, onRemove, onLeave }: UploaderProps) {
  return (
    <FilePicker
      legend="Photos and Videos"
      chooseText="Add photos or videos"
      help={COPY.uploadHelp}
      accept={ACCEPTED_MEDIA}
      multiple
      uploading={uploads.map((upload) => ({ key: String(upload.id), name: upload.name, progress: upload.progress, cancel: upload.cancel }))}
      attached={files.map((file) => ({ key: file.bucketFileName, name: file.originalname, remove: () => onRemove(file) }))}
      uploadError={error}
      // 'Must Attach Files' is not true of files on their way.
      error={uploads.length > 0 ? undefined : fieldError}
      onChoose={onAdd}
      onLeave={onLeave}
    />
  );
}
