import { useId } from 'react';
import styled from 'styled-components';
import type { POFile } from '@portal/api-client';
import { Banner, Button, MutedText, ProgressBar, Row } from '@portal/ui';
import { ACCEPTED_DOCUMENTS, useFileUpload } from './useFileUpload';

const FileBox = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xs};

  label {
    font-weight: ${({ theme }) => theme.font.weight.medium};
  }
`;

const ErrorText = styled.div`
  color: ${({ theme }) => theme.colors.error.fg};
  font-size: ${({ theme }) => theme.font.size.sm};
`;

export interface FileUploadFieldProps {
  /** The input's label ('PO File', 'Proof of Purchase'). */
  label: string;
  /** Prefix of the input's id (the rest is React's useId). */
  idPrefix: string;
  /** What to choose, in the form's words; it describes the input. */
  help: string;
  /** The stored file, null while none is attached. */
  file: POFile | null;
  onChange: (file: POFile | null) => void;
  /** The line naming the attached file, in the form's words. */
  attachedText: (name: string) => string;
  /** The form's message for the field (validation or the server's), shown under it. */
  error: string | undefined;
}

/**
 * A file input whose document uploads as soon as it is chosen: its name, progress bar and Cancel
 * while it goes, then the attached file with Remove; upload errors in a banner that clears itself.
 */
export function FileUploadField({ label, idPrefix, help, file, onChange, attachedText, error }: FileUploadFieldProps) {
  const id = `${idPrefix}-${useId()}`;
  const { upload, error: uploadError, choose } = useFileUpload(onChange);
  const described = [`${id}-help`, error ? `${id}-error` : null].filter(Boolean).join(' ');
  return (
    <FileBox>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="file"
        accept={ACCEPTED_DOCUMENTS}
        aria-invalid={error ? true : undefined}
        aria-describedby={described}
        onChange={(event) => {
          const chosen = event.target.files?.[0];
          if (chosen) choose(chosen);
          event.target.value = '';
        }}
      />
      <MutedText id={`${id}-help`}>{help}</MutedText>
      {upload ? (
        <Row $gap="sm">
          <span>{upload.name}</span>
          <ProgressBar value={upload.progress} label={`Uploading ${upload.name}`} />
          <Button $variant="secondary" onClick={upload.cancel} aria-label={`Cancel upload of ${upload.name}`}>
            Cancel
          </Button>
        </Row>
      ) : null}
      {file && !upload ? (
        <Row $gap="sm">
          <span>{attachedText(file.originalname)}</span>
          <Button $variant="secondary" onClick={() => onChange(null)} aria-label={`Remove ${file.originalname}`}>
            Remove
          </Button>
        </Row>
      ) : null}
      {uploadError ? <Banner variant="error">{uploadError}</Banner> : null}
      {error ? <ErrorText id={`${id}-error`}>{error}</ErrorText> : null}
    </FileBox>
  );
}
