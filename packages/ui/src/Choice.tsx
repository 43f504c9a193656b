import { useId, type ReactNode } from 'react';
import styled from 'styled-components';
import { FieldError, FieldHint } from './fieldParts';

const ChoiceLabel = styled.label`
  display: flex;
  align-items: flex-start;
  gap: ${({ theme }) => theme.space.sm};
  cursor: pointer;

  input {
    margin-top: ${({ theme }) => theme.space.xs};
    accent-color: ${({ theme }) => theme.colors.brand};
  }
`;

const ChoiceText = styled.span`
  display: flex;
  flex-direction: column;
`;

export interface CheckboxFieldProps {
  label: ReactNode;
  checked: boolean;
  onChange: (checked: boolean) => void;
  name?: string;
  error?: string;
  hint?: string;
  disabled?: boolean;
}

/** A checkbox with its label to the right, and an optional error and hint. */
export function CheckboxField({ label, checked, onChange, name, error, hint, disabled }: CheckboxFieldProps) {
  const id = `checkbox-${useId()}`;
  const described = [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ') || undefined;
  return (
    <div>
      <ChoiceLabel>
        <input
          type="checkbox"
          name={name}
          checked={checked}
          disabled={disabled}
          onChange={(event) => onChange(event.target.checked)}
          aria-invalid={error ? true : undefined}
          aria-describedby={described}
        />
        <ChoiceText>{label}</ChoiceText>
      </ChoiceLabel>
      {error ? <FieldError id={`${id}-error`}>{error}</FieldError> : null}
      {hint ? <FieldHint id={`${id}-hint`}>{hint}</FieldHint> : null}
    </div>
  );
}

const Fieldset = styled.fieldset`
  margin: 0;
  padding: 0;
  border: 0;
  min-width: 0;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.sm};
`;

const Legend = styled.legend`
  padding: 0;
  margin-bottom: ${({ theme }) => theme.space.xs};
  font-weight: ${({ theme }) => theme.font.weight.medium};
`;

const Options = styled.div<{ $inline: boolean }>`
  display: flex;
  flex-direction: ${({ $inline }) => ($inline ? 'row' : 'column')};
  flex-wrap: wrap;
  gap: ${({ theme, $inline }) => ($inline ? theme.space.lg : theme.space.sm)};
`;

export interface RadioOption<V extends string> {
  value: V;
  label: ReactNode;
  description?: ReactNode;
}

export interface RadioGroupProps<V extends string> {
  legend: string;
  name: string;
  options: readonly RadioOption<V>[];
  value: V | '';
  onChange: (value: V) => void;
  error?: string;
  /** Options side by side (yes/no questions). */
  inline?: boolean;
  /**
   * 'radiogroup' names the set as a radio group (one choice among options, e.g. a payment
   * method); the default is the fieldset's own 'group'.
   */
  role?: 'group' | 'radiogroup';
  children?: ReactNode;
}

/** A set of radio buttons named by its legend. */
export function RadioGroup<V extends string>({
  legend,
  name,
  options,
  value,
  onChange,
  error,
  inline = false,
  role,
  children,
}: RadioGroupProps<V>) {
  const id = `radios-${useId()}`;
  return (
    <Fieldset
      role={role === 'radiogroup' ? 'radiogroup' : undefined}
      aria-labelledby={role === 'radiogroup' ? `${id}-legend` : undefined}
      aria-describedby={error ? `${id}-error` : undefined}
      aria-invalid={error ? true : undefined}
    >
      <Legend id={`${id}-legend`}>{legend}</Legend>
      <Options $inline={inline}>
        {options.map((option, index) => (
          <ChoiceLabel key={option.value}>
            {/* The option's label names it and its description describes it: a screen reader
                says the tip after the name, as for any field's hint, not as part of the name. */}
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={value === option.value}
              onChange={() => onChange(option.value)}
              aria-labelledby={`${id}-${index}-label`}
              aria-describedby={option.description ? `${id}-${index}-hint` : undefined}
            />
            <ChoiceText>
              <span id={`${id}-${index}-label`}>{option.label}</span>
              {option.description ? <FieldHint id={`${id}-${index}-hint`}>{option.description}</FieldHint> : null}
            </ChoiceText>
          </ChoiceLabel>
        ))}
      </Options>
      {children}
      {error ? <FieldError id={`${id}-error`}>{error}</FieldError> : null}
    </Fieldset>
  );
}
