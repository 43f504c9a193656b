import { useId, useMemo } from 'react';
import styled from 'styled-components';
import PhoneInput from 'react-phone-number-input/input';
import { getCountries, getCountryCallingCode, type Country } from 'react-phone-number-input';
import { SelectField } from '@portal/ui';
import { changePhoneCountry, toE164 } from '../phone';

const Group = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.md};
  align-items: flex-start;
`;

const Field = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xs};
  max-width: ${({ theme }) => theme.size.fieldMaxWidth};

  label {
    font-weight: ${({ theme }) => theme.font.weight.medium};
  }
  input {
    font: inherit;
    padding: ${({ theme }) => theme.space.sm};
    border: ${({ theme }) => `${theme.size.borderWidth} solid ${theme.colors.borderStrong}`};
    border-radius: ${({ theme }) => theme.radii.sm};
    background: ${({ theme }) => theme.colors.surface};
    color: ${({ theme }) => theme.colors.text};
  }
  input[aria-invalid='true'] {
    border-color: ${({ theme }) => theme.colors.error.fg};
  }
`;

const ErrorText = styled.div`
  color: ${({ theme }) => theme.colors.error.fg};
  font-size: ${({ theme }) => theme.font.size.sm};
`;

function countryName(code: string): string {
  try {
    return new Intl.DisplayNames(['en'], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}

export interface PhoneFieldProps {
  label: string;
  /** E.164 value of the widget or a stored national number, '' when empty. */
  value: string;
  country: string;
  onChange: (value: string, country: string) => void;
  onBlur?: () => void;
  error?: string;
  name?: string;
}

/**
 * The phone number with its country code (react-phone-number-input without its flag images):
 * a country-code select and the number, formatted as typed for that country.
 */
export function PhoneField({ label, value, country, onChange, onBlur, error, name = 'phone' }: PhoneFieldProps) {
  const id = `phone-${useId()}`;
  const options = useMemo(
    () =>
      getCountries()
        .map((code) => ({ value: code, label: `${countryName(code)} (+${getCountryCallingCode(code)})` }))
        .sort((a, b) => a.label.localeCompare(b.label)),
    [],
  );
  const known = options.some((option) => option.value === country);

  return (
    <Group>
      <SelectField
        label={`${label} country code`}
        name={`${name}CountryCode`}
        options={options}
        value={known ? country : ''}
        placeholder={known ? undefined : 'Choose a country'}
        onChange={(next) => onChange(changePhoneCountry(value, next), next)}
      />
      <Field>
        <label htmlFor={id}>{label}</label>
        <PhoneInput
          id={id}
          name={name}
          type="tel"
          autoComplete="tel-national"
          country={known ? (country as Country) : undefined}
          value={toE164(value, country) || undefined}
          onChange={(next) => onChange(next ?? '', country)}
          onBlur={onBlur}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        />
        {error ? <ErrorText id={`${id}-error`}>{error}</ErrorText> : null}
      </Field>
    </Group>
  );
}
