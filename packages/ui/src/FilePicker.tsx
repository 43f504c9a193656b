import { useId } from 'react';
import styled from 'styled-components';
import { Banner } from './Banner';
import { Button, buttonStyles } from './Button';
import { FieldError, FieldHint } from './fieldParts';
import { ProgressBar } from './ProgressBar';

const Box = styled.fieldset<{ $invalid: boolean }>`
  margin: 0;
  padding: ${({ theme }) => theme.space.md};
  border: ${({ theme }) => `${theme.size.borderWidth} dashed ${theme.colors.borderStrong}`};
  border-radius: ${({ theme }) => theme.radii.md};
  min-width: 0;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.sm};

  legend {
    padding: 0 ${({ theme }) => theme.space.xs};
    font-weight: ${({ theme }) => theme.font.weight.medium};
  }

  ${({ $invalid, theme }) => ($invalid ? `border-color: ${theme.colors.error.fg};` : '')}
`;

/*
 * The native file input stays in the page (it is what the keyboard and assistive technology
 * reach, and what a form test sets files on) but is not seen: browsers draw it with their own
 * 'No file chosen', which contradicts the list of attached files below it. Its label is the
 * button people see.
 */
const HiddenInput = styled.input`
  position: absolute;
  width: 1px;
  height: 1px;
  margin: -1px;
  padding: 0;
  overflow: hidden;
  clip: rect(0, 0, 0, 0);
  white-space: nowrap;
  border: 0;

  &:focus-visible + label {
    outline: ${({ theme }) => `${theme.size.focusWidth} solid ${theme.colors.focus}`};
    outline-offset: ${({ theme }) => theme.space.xxs};
  }
`;

const ChooseLabel = styled.label<{ $variant?: 'secondary' }>`
  ${buttonStyles}
  align-self: flex-start;
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
  overflow-wrap: anywhere;

  > [role='progressbar'] {
    grid-column: 1 / -1;
  }
`;

/** A file on its way to the server: its progress and a way to stop it. */
export interface FileUploading {
  key: string;
  name: string;
  /** From 0 to 1. */
  progress: number;
  cancel: () => void;
}

/** A file the server holds for the form, with a way to take it off. */
export interface FileAttached {
  key: string;
  name: string;
  /** How the row names it ('Attached: po.pdf'); the name alone when absent. */
  text?: string;
  remove: () => void;
}

export interface FilePickerProps {
  /** What the field is ('PO File', 'Photos and Videos'): the group's legend. */
  legend: string;
  /** The button's words ('Choose file', 'Add photos or videos'). */
  chooseText: string;
  /** What to choose, in the form's words. */
  help: string;
  /** The input's accept list. */
  accept: string;
  /** Several files at once (photos) or one (a PO file). */
  multiple?: boolean;
  uploading: readonly FileUploading[];
  attached: readonly FileAttached[];
  /** An upload's failure, in a banner the caller clears after its time (spec §5: 5 s). */
  uploadError?: string | null;
  /** The form's message for the field ('Must Attach Files', or the server's), under it. */
  error?: string;
  onChoose: (files: File[]) => void;
  /**
   * The user left the field for another part of the page, as a text field's blur: the form may
   * now show its message. Not called while the browser's own file dialog has the focus.
   */
  onLeave?: () => void;
}

/**
 * The portal's one file field (photos and videos of a problem, a PO file, a proof of purchase):
 * a button that opens the file chooser, then each file with its progress and Cancel while it
 * uploads and with Remove once attached, the upload's error and the field's own message. The
 * field is marked invalid with its message, so a form's first invalid field takes the focus.
 */
export function FilePicker({
  legend,
  chooseText,
  help,
  accept,
  multiple = false,
  uploading,
  attached,
  uploadError,
  error,
  onChoose,
  onLeave,
}: FilePickerProps) {
  const id = `file-${useId()}`;
  const described = [`${id}-help`, error ? `${id}-error` : null].filter(Boolean).join(' ');
  return (
    <Box $invalid={Boolean(error)}>
      <legend id={`${id}-legend`}>{legend}</legend>
      <HiddenInput
        id={id}
        type="file"
        multiple={multiple}
        accept={accept}
        aria-labelledby={`${id}-legend ${id}-choose`}
        aria-invalid={error ? true : undefined}
        aria-describedby={described}
        onChange={(event) => {
          const chosen = Array.from(event.target.files ?? []);
          // Cleared, so choosing the same file again (after Remove) is a change too.
          event.target.value = '';
          if (chosen.length > 0) onChoose(chosen);
        }}
        onBlur={() => {
          // The browser's file dialog takes the focus from the whole page: that is not leaving.
          if (document.hasFocus()) onLeave?.();
        }}
      />
      <ChooseLabel htmlFor={id} id={`${id}-choose`} $variant="secondary">
        {chooseText}
      </ChooseLabel>
      <FieldHint id={`${id}-help`}>{help}</FieldHint>
      {uploading.length + attached.length > 0 ? (
        <Files aria-label="Attached files">
          {uploading.map((file) => (
            <FileRow key={`uploading:${file.key}`}>
              <span>{file.name}</span>
              <Button $variant="secondary" onClick={file.cancel} aria-label={`Cancel upload of ${file.name}`}>
                Cancel
              </Button>
              <ProgressBar value={file.progress} label={`Uploading ${file.name}`} />
            </FileRow>
          ))}
          {attached.map((file) => (
            <FileRow key={`attached:${file.key}`}>
              <span>{file.text ?? file.name}</span>
              <Button $variant="secondary" onClick={file.remove} aria-label={`Remove ${file.name}`}>
                Remove
              </Button>
            </FileRow>
          ))}
        </Files>
      ) : null}
      {uploadError ? <Banner variant="error">{uploadError}</Banner> : null}
      <FieldError id={`${id}-error`}>{error}</FieldError>
    </Box>
  );
}
