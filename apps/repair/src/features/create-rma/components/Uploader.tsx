import { useId, useRef } from 'react';
import styled from 'styled-components';
import type { UploadedFile } from '@portal/api-client';
import { Banner, Button, ProgressBar, Row, Stack } from '@portal/ui';
import { COPY } from '../copy';
import { ACCEPTED_MEDIA, type UploadInProgress } from '../hooks/useUploads';

const Box = styled.fieldset`
  margin: 0;
  padding: ${({ theme }) => theme.space.md};
  border: ${({ theme }) => `${theme.size.borderWidth} dashed ${theme.colors.borderStrong}`};
  border-radius: ${({ theme }) => theme.radii.md};
  min-width: 0;

  legend {
    padding: 0 ${({ theme }) => theme.space.xs};
    font-weight: ${({ theme }) => theme.font.weight.medium};
  }
`;

const Files = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.sm};
`;

const FileRow = styled.li`
  display: grid;
  grid-template-columns: minmax(0, 1fr) auto;
  gap: ${({ theme }) => theme.space.xs} ${({ theme }) => theme.space.md};
  align-items: center;
`;

const ErrorText = styled.div`
  color: ${({ theme }) => theme.colors.error.fg};
  font-size: ${({ theme }) => theme.font.size.sm};
`;

export interface UploaderProps {
  files: readonly UploadedFile[];
  uploads: readonly UploadInProgress[];
  error: string | null;
  /** The field's own message (e.g. 'Must Attach Files'), shown under it. */
  fieldError?: string;
  onAdd: (files: File[]) => void;
  onRemove: (file: UploadedFile) => void;
}

/** The photo/video uploader of step 1: choose files, watch each upload, cancel or remove. */
export function Uploader({ files, uploads, error, fieldError, onAdd, onRemove }: UploaderProps) {
  const inputId = `upload-${useId()}`;
  const input = useRef<HTMLInputElement>(null);
  return (
    <Box aria-describedby={fieldError ? `${inputId}-error` : undefined}>
      <legend>Photos and Videos</legend>
      <Stack $gap="sm">
        <label htmlFor={inputId}>Add photos or videos</label>
        <input
          ref={input}
          id={inputId}
          type="file"
          multiple
          accept={ACCEPTED_MEDIA}
          aria-invalid={fieldError ? true : undefined}
          aria-describedby={`${inputId}-help${fieldError ? ` ${inputId}-error` : ''}`}
          onChange={(event) => {
            onAdd(Array.from(event.target.files ?? []));
            event.target.value = '';
          }}
        />
        <div id={`${inputId}-help`}>{COPY.uploadHelp}</div>
        {uploads.length + files.length > 0 ? (
          <Files aria-label="Attached files">
            {uploads.map((upload) => (
              <FileRow key={`u${upload.id}`}>
                <span>{upload.name}</span>
                <Button $variant="secondary" onClick={upload.cancel} aria-label={`Cancel upload of ${upload.name}`}>
                  Cancel
                </Button>
                <ProgressBar value={upload.progress} label={`Uploading ${upload.name}`} />
              </FileRow>
            ))}
            {files.map((file) => (
              <FileRow key={file.bucketFileName}>
                <span>{file.originalname}</span>
                <Row $gap="sm">
                  <Button $variant="secondary" onClick={() => onRemove(file)} aria-label={`Remove ${file.originalname}`}>
                    Remove
                  </Button>
                </Row>
              </FileRow>
            ))}
          </Files>
        ) : null}
        {error ? <Banner variant="error">{error}</Banner> : null}
        {fieldError ? <ErrorText id={`${inputId}-error`}>{fieldError}</ErrorText> : null}
      </Stack>
    </Box>
  );
}
