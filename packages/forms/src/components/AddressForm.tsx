import { useEffect, useId, useState } from 'react';
import { isAbortError, type City, type Country, type State } from '@portal/api-client';
import { SelectField, TextField } from '@portal/ui';
import {
  changeCountry,
  changeState,
  isMilitaryAddress,
  validateAddress,
  type AddressField,
  type AddressValues,
} from '../address';
import type { FieldErrors } from '../contact';
import { FormGrid, FormSection } from './ContactForm';
import { useTouched, visibleError } from '../touched';

/** The lists the form reads; the API client's `locations` fits. */
export interface LocationLists {
  states(countryGeonameId: number, options?: { signal?: AbortSignal }): Promise<State[]>;
  cities(stateGeonameId: number, apo: boolean, options?: { signal?: AbortSignal }): Promise<City[]>;
}

export interface AddressFormProps {
  value: AddressValues;
  onChange: (next: AddressValues) => void;
  /** Loaded before the page opens (route loader). */
  countries: readonly Country[];
  locations: LocationLists;
  showAllErrors?: boolean;
  serverErrors?: FieldErrors<AddressField>;
  allowPoBox?: boolean;
  legend?: string;
}

/** Loads a list for a key; spec §8: failures are only logged, the list stays empty. */
function useList<T>(key: number | null, load: (key: number, signal: AbortSignal) => Promise<T[]>, what: string): T[] {
  const [loaded, setLoaded] = useState<{ key: number; items: T[] } | null>(null);
  useEffect(() => {
    if (key === null) return undefined;
    const controller = new AbortController();
    load(key, controller.signal).then(
      (items) => setLoaded({ key, items }),
      (error: unknown) => {
        if (isAbortError(error) || controller.signal.aborted) return;
        console.error(`Loading the ${what} failed`, error);
        setLoaded({ key, items: [] });
      },
    );
    return () => controller.abort();
    // `load` is recreated each render; the key decides what to load.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, what]);
  return loaded && loaded.key === key ? loaded.items : [];
}

/**
 * Spec §5 address form: lines without PO boxes, country from the countries list, the country's
 * states (required for the US), the city (a combobox of APO/FPO/DPO for military states) and the
 * postal code.
 */
export function AddressForm({
  value,
  onChange,
  countries,
  locations,
  showAllErrors = false,
  serverErrors = {},
  allowPoBox = false,
  legend = 'Shipping Address',
}: AddressFormProps) {
  const cityListId = `cities-${useId()}`;
  const errors = validateAddress(value, { allowPoBox });
  const { touch, shows } = useTouched<AddressField>(showAllErrors);
  const errorOf = (field: AddressField) => visibleError(errors[field], serverErrors[field], shows(field));

  const country = countries.find((c) => c.countryCode === value.country) ?? null;
  const states = useList(country?.geonameId ?? null, (id, signal) => locations.states(id, { signal }), 'states');
  const state = states.find((s) => s.stateCode === value.state) ?? null;
  const military = state ? state.apo || isMilitaryAddress(value) : false;
  const cities = useList(military && state ? state.geonameId : null, (id, signal) => locations.cities(id, true, { signal }), 'cities');

  const text = (field: AddressField, label: string, autoComplete: string, extra: { list?: string } = {}) => (
    <TextField
      label={label}
      name={field}
      value={value[field]}
      autoComplete={autoComplete}
      onChange={(event) => onChange({ ...value, [field]: event.target.value })}
      onBlur={() => touch(field)}
      error={errorOf(field)}
      {...extra}
    />
  );

  const stateKnown = states.some((s) => s.stateCode === value.state);

  return (
    <FormSection>
      <legend>{legend}</legend>
      <FormGrid>
        {text('line1', 'Address Line 1', 'address-line1')}
        {text('line2', 'Address Line 2', 'address-line2')}
        {countries.length > 0 ? (
          <SelectField
            label="Country"
            name="country"
            autoComplete="country"
            options={countries.map((c) => ({ value: c.countryCode, label: c.name }))}
            placeholder={country ? undefined : 'Choose a country'}
            value={country ? value.country : ''}
            onChange={(next) => onChange(changeCountry(value, next))}
            onBlur={() => touch('country')}
            error={errorOf('country')}
          />
        ) : (
          // The list could not be loaded: the ISO code can still be typed.
          <TextField
            label="Country"
            name="country"
            hint="Two-letter country code, e.g. US"
            value={value.country}
            onChange={(event) => onChange(changeCountry(value, event.target.value.toUpperCase()))}
            onBlur={() => touch('country')}
            error={errorOf('country')}
          />
        )}
        {states.length > 0 ? (
          <SelectField
            label="State / Province"
            name="state"
            autoComplete="address-level1"
            options={states.map((s) => ({ value: s.stateCode, label: s.name }))}
            placeholder={stateKnown ? undefined : 'Choose a state'}
            value={stateKnown ? value.state : ''}
            onChange={(next) => onChange(changeState(value, next))}
            onBlur={() => touch('state')}
            error={errorOf('state')}
          />
        ) : (
          <TextField
            label="State / Province"
            name="state"
            autoComplete="address-level1"
            value={value.state}
            onChange={(event) => onChange(changeState(value, event.target.value))}
            onBlur={() => touch('state')}
            error={errorOf('state')}
          />
        )}
        {text('city', 'City', 'address-level2', cities.length > 0 ? { list: cityListId } : {})}
        {text('postalCode', 'Postal Code', 'postal-code')}
      </FormGrid>
      {cities.length > 0 ? (
        <datalist id={cityListId}>
          {cities.map((c) => (
            <option key={c.name} value={c.name} />
          ))}
        </datalist>
      ) : null}
    </FormSection>
  );
}
