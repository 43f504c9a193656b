import type { POFile } from '@portal/api-client';
import { FilePicker } from '@portal/ui';
import { ACCEPTED_DOCUMENTS, useFileUpload } from './useFileUpload';

/** The button of a single-document field. */
const CHOOSE_FILE = 'Choose file';

export interface FileUploadFieldProps {
  /** What the document is ('PO File', 'Proof of Purchase'): the field's legend and its input's name. */
  label: string;
  /** What to choose, in the form's words; it describes the input. */
  help: string;
  /** The stored file, null while none is attached. */
  file: POFile | null;
  onChange: (file: POFile | null) => void;
  /** The line naming the attached file, in the form's words. */
  attachedText: (name: string) => string;
  /** The form's message for the field (validation or the server's), shown under it. */
  error: string | undefined;
  /** The user left the field: the form may show its message, as for a text field's blur. */
  onLeave?: () => void;
}

/**
 * One document (a PO file, a proof of purchase) in the portal's file field, the photos' own:
 * uploaded as soon as it is chosen, with its progress and Cancel, then attached with Remove;
 * upload errors in a banner that clears itself. While a file uploads, the field's message waits:
 * 'Must Attach Files' is not true of a file on its way.
 */
export function FileUploadField({ label, help, file, onChange, attachedText, error, onLeave }: FileUploadFieldProps) {
  const { upload, error: uploadError, choose } = useFileUpload(onChange);
  return (
    <FilePicker
      legend={label}
      chooseText={CHOOSE_FILE}
      help={help}
      accept={ACCEPTED_DOCUMENTS}
      uploading={upload ? [{ key: upload.name, name: upload.name, progress: upload.progress, cancel: upload.cancel }] : []}
      attached={file && !upload ? [{ key: file.fileId, name: file.originalname, text: attachedText(file.originalname), remove: () => onChange(null) }] : []}
      uploadError={uploadError}
      error={upload ? undefined : error}
      onChoose={([chosen]) => {
        if (chosen) choose(chosen);
      }}
      onLeave={onLeave}
    />
  );
}
