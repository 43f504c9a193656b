import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import styled from 'styled-components';
import { FieldBox, FieldError, FieldHint, FieldLabel, controlStyles } from './fieldParts';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'children'> {
  label: string;
  /** A validation message; marks the input invalid and is announced with it. */
  error?: string;
  /** Help text under the field. */
  hint?: string;
  /**
   * Live status next to the field (for example the result of a server check). It is part of the
   * input's accessible description and announced politely when it changes. Pass null for "no
   * status right now" to keep the live region in place.
   */
  status?: ReactNode;
}

const Input = styled.input`
  ${controlStyles}
`;

const Status = styled.div`
  min-height: ${({ theme }) => theme.size.icon};
`;

export function TextField({ label, error, hint, status, id, ...inputProps }: TextFieldProps) {
  const autoId = useId();
  const inputId = id ?? `field-${autoId}`;
  const hintId = `${inputId}-hint`;
  const statusId = `${inputId}-status`;
  const errorId = `${inputId}-error`;
  const describedBy = [
    status !== undefined && status !== null && status !== false ? statusId : null,
    error ? errorId : null,
    hint ? hintId : null,
  ]
    .filter(Boolean)
    .join(' ');

  return (
    <FieldBox>
      <FieldLabel htmlFor={inputId}>{label}</FieldLabel>
      <Input
        id={inputId}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        {...inputProps}
      />
      {status !== undefined ? (
        <Status id={statusId} role="status">
          {status}
        </Status>
      ) : null}
      <FieldError id={errorId}>{error}</FieldError>
      {hint ? <FieldHint id={hintId}>{hint}</FieldHint> : null}
    </FieldBox>
  );
}
