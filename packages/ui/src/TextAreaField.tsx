import { useId, type TextareaHTMLAttributes } from 'react';
import styled from 'styled-components';
import { FieldBox, FieldError, FieldHint, FieldLabel, controlStyles, describedBy } from './fieldParts';

export interface TextAreaFieldProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'children'> {
  label: string;
  error?: string;
  hint?: string;
}

const TextArea = styled.textarea`
  ${controlStyles}
  resize: vertical;
  min-height: ${({ theme }) => theme.size.textAreaMinHeight};
`;

/** A labelled multi-line text input. */
export function TextAreaField({ label, error, hint, id, ...rest }: TextAreaFieldProps) {
  const autoId = useId();
  const areaId = id ?? `textarea-${autoId}`;
  return (
    <FieldBox $wide>
      <FieldLabel htmlFor={areaId}>{label}</FieldLabel>
      <TextArea
        id={areaId}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(areaId, { error, hint })}
        {...rest}
      />
      <FieldError id={`${areaId}-error`}>{error}</FieldError>
      {hint ? <FieldHint id={`${areaId}-hint`}>{hint}</FieldHint> : null}
    </FieldBox>
  );
}
