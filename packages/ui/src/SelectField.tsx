import { useId, type SelectHTMLAttributes } from 'react';
import styled from 'styled-components';
import { FieldBox, FieldError, FieldHint, FieldLabel, controlStyles, describedBy } from './fieldParts';

export interface SelectOption {
  value: string;
  label: string;
}

export interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'children' | 'onChange' | 'value'> {
  label: string;
  options: readonly SelectOption[];
  value: string;
  onChange: (value: string) => void;
  /** The text of the empty first option; leave out to offer no empty choice. */
  placeholder?: string;
  error?: string;
  hint?: string;
}

const Select = styled.select`
  ${controlStyles}
`;

/** A labelled native select. */
export function SelectField({ label, options, value, onChange, placeholder, error, hint, id, ...rest }: SelectFieldProps) {
  const autoId = useId();
  const selectId = id ?? `select-${autoId}`;
  return (
    <FieldBox>
      <FieldLabel htmlFor={selectId}>{label}</FieldLabel>
      <Select
        id={selectId}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(selectId, { error, hint })}
        {...rest}
      >
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </Select>
      <FieldError id={`${selectId}-error`}>{error}</FieldError>
      {hint ? <FieldHint id={`${selectId}-hint`}>{hint}</FieldHint> : null}
    </FieldBox>
  );
}
