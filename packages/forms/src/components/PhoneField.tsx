import { useId, useMemo } from 'react';
import styled from 'styled-components';
import PhoneInput from 'react-phone-number-input/input';
import { getCountries, getCountryCallingCode, type Country } from 'react-phone-number-input';
import { FieldBox, FieldError, FieldLabel, SelectField, controlStyles } from '@portal/ui';
import { changePhoneCountry, toE164 } from '../phone';

const Group = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.md};
  align-items: flex-start;
`;

/** The number, styled as every other text input. */
const NumberInput = styled(PhoneInput)`
  ${controlStyles}
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
      <FieldBox>
        <FieldLabel htmlFor={id}>{label}</FieldLabel>
        <NumberInput
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
        <FieldError id={`${id}-error`}>{error}</FieldError>
      </FieldBox>
    </Group>
  );
}
