import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import styled from 'styled-components';
import { FieldError } from './fieldParts';

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

const Field = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xs};
  max-width: ${({ theme }) => theme.size.fieldMaxWidth};
`;

const Label = styled.label`
  font-weight: ${({ theme }) => theme.font.weight.medium};
`;

const Input = styled.input`
  font: inherit;
  padding: ${({ theme }) => theme.space.sm};
  border: ${({ theme }) => `${theme.size.borderWidth} solid ${theme.colors.borderStrong}`};
  border-radius: ${({ theme }) => theme.radii.sm};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};

  &[aria-invalid='true'] {
    border-color: ${({ theme }) => theme.colors.error.fg};
  }
`;

const Hint = styled.div`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.font.size.sm};
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
    <Field>
      <Label htmlFor={inputId}>{label}</Label>
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
      {hint ? <Hint id={hintId}>{hint}</Hint> : null}
    </Field>
  );
}
