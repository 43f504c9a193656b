import { useState } from 'react';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Country } from '@portal/api-client';
import { PortalThemeProvider } from '@portal/ui';
import { emptyAddress, type AddressValues } from '../address';
import { contactFromProfile, type ContactValues, type TextContactField } from '../contact';
import { AddressForm, type LocationLists } from './AddressForm';
import { ContactForm } from './ContactForm';

const countries: Country[] = [
  { name: 'Canada', countryCode: 'CA', geonameId: 6251999 },
  { name: 'United States', countryCode: 'US', geonameId: 6252001 },
];

const usStates = [
  { name: 'Armed Forces Europe', stateCode: 'AE', geonameId: 9000002, apo: true },
  { name: 'Texas', stateCode: 'TX', geonameId: 4736286, apo: false },
];
const caStates = [{ name: 'Ontario', stateCode: 'ON', geonameId: 6093943, apo: false }];

function lists(): jest.Mocked<LocationLists> {
  return {
    states: jest.fn(async (id: number) => (id === 6252001 ? usStates : id === 6251999 ? caStates : [])),
    cities: jest.fn(async (_id: number, _apo: boolean) => [{ name: 'APO' }, { name: 'FPO' }, { name: 'DPO' }]),
  };
}

function AddressHarness({ initial, locations, onValue }: { initial: AddressValues; locations: LocationLists; onValue: (v: AddressValues) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <AddressForm
      value={value}
      countries={countries}
      locations={locations}
      onChange={(next) => {
        setValue(next);
        onValue(next);
      }}
    />
  );
}

function renderAddress(initial: AddressValues = emptyAddress, locations = lists()) {
  const onValue = jest.fn();
  render(
    <PortalThemeProvider>
      <AddressHarness initial={initial} locations={locations} onValue={onValue} />
    </PortalThemeProvider>,
  );
  const last = (): AddressValues => onValue.mock.lastCall?.[0];
  return { user: userEvent.setup(), locations, last };
}

interface ContactChoice {
  fields?: readonly TextContactField[];
  readOnly?: readonly TextContactField[];
  readOnlyHint?: string;
}

function ContactHarness({ initial, showAll = false, choice }: { initial: ContactValues; showAll?: boolean; choice: ContactChoice }) {
  const [value, setValue] = useState(initial);
  return <ContactForm value={value} onChange={setValue} showAllErrors={showAll} {...choice} />;
}

function renderContact(initial = contactFromProfile(null), showAll = false, choice: ContactChoice = {}) {
  render(
    <PortalThemeProvider>
      <ContactHarness initial={initial} showAll={showAll} choice={choice} />
    </PortalThemeProvider>,
  );
  return { user: userEvent.setup() };
}

describe('ContactForm', () => {
  it('shows a field message once the field is left', async () => {
    const { user } = renderContact();

    const first = screen.getByRole('textbox', { name: 'First Name' });
    expect(first).not.toHaveAccessibleDescription('Required');
    await user.click(first);
    await user.tab();

    expect(first).toHaveAccessibleDescription('Required');
  });

  it('shows every message after an invalid Continue', () => {
    renderContact(contactFromProfile(null), true);

    for (const name of ['First Name', 'Last Name', 'Email']) {
      expect(screen.getByRole('textbox', { name })).toHaveAccessibleDescription('Required');
    }
    expect(screen.getByRole('textbox', { name: 'Phone' })).toHaveAccessibleDescription('Required');
  });

  it('limits names to 35 characters and checks the e-mail', async () => {
    const { user } = renderContact(contactFromProfile(null), true);

    await user.type(screen.getByRole('textbox', { name: 'Last Name' }), 'a'.repeat(36));
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'casey@');

    expect(screen.getByRole('textbox', { name: 'Last Name' })).toHaveAccessibleDescription('Must be less than 36 characters');
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveAccessibleDescription('Must be a valid e-mail address');
  });

  it("says 'Invalid Format or Number' for an incomplete phone and accepts a full one, US by default", async () => {
    const { user } = renderContact(contactFromProfile(null), true);
    const phone = screen.getByRole('textbox', { name: 'Phone' });

    expect(screen.getByRole('combobox', { name: 'Phone country code' })).toHaveValue('US');
    await user.type(phone, '512555');
    expect(phone).toHaveAccessibleDescription('Invalid Format or Number');

    await user.type(phone, '0142');
    expect(phone).toHaveValue('(512) 555-0142');
    expect(phone).not.toHaveAccessibleDescription('Invalid Format or Number');
  });

  it('prefills the phone from the profile', () => {
    renderContact(contactFromProfile({ firstName: 'Casey', phone: '5125550142', phoneCountryCode: 'US' }));

    expect(screen.getByRole('textbox', { name: 'First Name' })).toHaveValue('Casey');
    expect(screen.getByRole('textbox', { name: 'Phone' })).toHaveValue('(512) 555-0142');
  });

  it('shows only the fields asked for, in their order, and the phone', () => {
    renderContact(contactFromProfile(null), true, { fields: ['firstName', 'lastName', 'email'] });

    expect(screen.getAllByRole('textbox').map((box) => box.getAttribute('name') ?? 'phone')).toEqual(['firstName', 'lastName', 'email', 'phone']);
    expect(screen.queryByRole('textbox', { name: 'Company' })).not.toBeInTheDocument();
  });

  it('shows a read-only field with its hint and without its message', async () => {
    const { user } = renderContact(contactFromProfile({ firstName: 'Casey' }), true, { readOnly: ['email'], readOnlyHint: 'Your sign-in e-mail.' });

    const mail = screen.getByRole('textbox', { name: 'Email' });
    expect(mail).toHaveAttribute('readonly');
    expect(mail).toHaveAccessibleDescription('Your sign-in e-mail.');
    await user.type(mail, 'x');
    expect(mail).toHaveValue('');
    expect(screen.getByRole('textbox', { name: 'Last Name' })).toHaveAccessibleDescription('Required');
  });
});

describe('AddressForm', () => {
  it("defaults to the US and offers the country's states, then requires one", async () => {
    renderAddress();

    expect(screen.getByRole('combobox', { name: 'Country' })).toHaveValue('US');
    const state = await screen.findByRole('combobox', { name: 'State / Province' });
    expect(state).toHaveValue('');
    expect(screen.getByRole('option', { name: 'Texas' })).toBeInTheDocument();
  });

  it('clears the state when the country changes', async () => {
    const { user, last } = renderAddress({ ...emptyAddress, state: 'TX', city: 'Austin' });
    await screen.findByRole('option', { name: 'Texas' });

    await user.selectOptions(screen.getByRole('combobox', { name: 'Country' }), 'CA');

    expect(last()).toMatchObject({ country: 'CA', state: '', city: 'Austin' });
    expect(await screen.findByRole('option', { name: 'Ontario' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'State / Province' })).toHaveValue('');
  });

  it('offers APO/FPO/DPO as a city list for a military state, and clears a city that does not fit', async () => {
    const { user, last, locations } = renderAddress({ ...emptyAddress, state: 'TX', city: 'Austin' });
    await screen.findByRole('option', { name: 'Texas' });

    await user.selectOptions(screen.getByRole('combobox', { name: 'State / Province' }), 'AE');

    expect(last()).toMatchObject({ state: 'AE', city: '' });
    await waitFor(() => expect(locations.cities).toHaveBeenCalledWith(9000002, true, expect.anything()));
    const city = await screen.findByRole('combobox', { name: 'City' });
    await user.type(city, 'APO');
    await user.selectOptions(screen.getByRole('combobox', { name: 'State / Province' }), 'TX');
    expect(last()).toMatchObject({ state: 'TX', city: '' });
  });

  it('refuses a PO box on line 1 once the field is left', async () => {
    const { user } = renderAddress();
    const line1 = screen.getByRole('textbox', { name: 'Address Line 1' });

    await user.type(line1, 'PO Box 12');
    await user.tab();

    expect(line1).toHaveAccessibleDescription('Cannot be a PO box');
  });

  it('only logs a failure to load the states, and lets the state be typed', async () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const locations = lists();
    locations.states.mockRejectedValueOnce(new Error('down'));
    renderAddress(emptyAddress, locations);

    await waitFor(() => expect(error).toHaveBeenCalledWith('Loading the states failed', expect.any(Error)));
    await act(async () => undefined);
    expect(screen.getByRole('textbox', { name: 'State / Province' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
