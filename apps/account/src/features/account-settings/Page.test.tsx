import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError, type Country, type Me, type State, type UserSettings } from '@portal/api-client';
import { profile, renderRoute, sessionWith } from '@portal/forms/testing';
import { AccountSettingsPage } from './Page';
import { COPY } from './copy';

const countries: Country[] = [
  { name: 'Canada', countryCode: 'CA', geonameId: 6251999 },
  { name: 'United States', countryCode: 'US', geonameId: 6252001 },
];
const usStates: State[] = [
  { name: 'Texas', stateCode: 'TX', geonameId: 4736286, apo: false },
  { name: 'California', stateCode: 'CA', geonameId: 5332921, apo: false },
];

const saved: UserSettings = {
  firstName: 'Casey',
  lastName: 'Morgan',
  phone: '5125550142',
  phoneCountryCode: 'US',
  company: 'Morgan Field Services',
  position: 'Technician',
  address: { line1: '100 Congress Ave', line2: '', city: 'Austin', state: 'TX', country: 'US', postalCode: '78701' },
};

function setup(me: Me = profile) {
  const api = {
    accountManager: { saveUser: jest.fn(async (_settings: UserSettings) => me) },
    locations: {
      countries: jest.fn(async () => countries),
      states: jest.fn(async (id: number) => (id === 6252001 ? usStates : [])),
      cities: jest.fn(async () => []),
    },
  };
  const session = Object.assign(sessionWith(api, me), { reloadProfile: jest.fn(async () => undefined) });
  // No pause between keystrokes: the forms are long and the test machine is shared.
  const user = userEvent.setup({ delay: null });
  renderRoute(<AccountSettingsPage />, {
    path: '/your-account/account-settings',
    url: '/your-account/account-settings',
    session,
    loader: () => ({ countries }),
  });
  return { api, session, user };
}

async function opened() {
  await screen.findByRole('form', { name: 'Account Settings' });
  await screen.findByRole('option', { name: 'Texas' });
}

const save = () => screen.getByRole('button', { name: 'Save' });

// Whole forms are filled through the phone widget and the address lists: more than jest's default 5 s,
// and the first render more than findBy's default 1 s, when the machine is busy.
jest.setTimeout(30_000);
configure({ asyncUtilTimeout: 5_000 });

describe('account settings', () => {
  it('shows the Your account menu with Account settings as the open page', async () => {
    setup();
    await opened();

    const menu = screen.getByRole('navigation', { name: 'Your account' });
    expect(within(menu).getByRole('link', { name: 'Account settings' })).toHaveAttribute('aria-current', 'page');
    expect(within(menu).getByRole('link', { name: 'Your RMAs' })).toHaveAttribute('href', '/your-account/rma-history');
  });

  it('prefills the contact and address from the profile, with the e-mail read-only', async () => {
    const { api } = setup();
    await opened();

    expect(screen.getByRole('textbox', { name: 'First Name' })).toHaveValue('Casey');
    expect(screen.getByRole('textbox', { name: 'Position' })).toHaveValue('Technician');
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveValue('casey@example.com');
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveAttribute('readonly');
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveAccessibleDescription(COPY.emailHint);
    expect(screen.getByRole('textbox', { name: 'Phone' })).toHaveValue('(512) 555-0142');
    expect(screen.getByRole('textbox', { name: 'Address Line 1' })).toHaveValue('100 Congress Ave');
    expect(screen.getByRole('combobox', { name: 'Country' })).toHaveValue('US');
    expect(screen.getByRole('combobox', { name: 'State / Province' })).toHaveValue('TX');
    // The countries came from the route's loader.
    expect(api.locations.countries).not.toHaveBeenCalled();
  });

  it('saves the contact and address without the e-mail, says so, and reloads the session profile', async () => {
    const { api, session, user } = setup();
    await opened();

    await user.clear(screen.getByRole('textbox', { name: 'Position' }));
    await user.type(screen.getByRole('textbox', { name: 'Position' }), '  Lead technician ');
    await user.clear(screen.getByRole('textbox', { name: 'Address Line 2' }));
    await user.type(screen.getByRole('textbox', { name: 'Address Line 2' }), 'Suite 5');
    await user.click(save());

    expect(await screen.findByText(COPY.saved)).toBeInTheDocument();
    expect(api.accountManager.saveUser).toHaveBeenCalledWith({
      ...saved,
      position: 'Lead technician',
      address: { ...saved.address, line2: 'Suite 5' },
    });
    expect(session.reloadProfile).toHaveBeenCalledTimes(1);
  });

  it('shows the spec messages as fields are left, and refuses to save an invalid form', async () => {
    const { api, user } = setup();
    await opened();

    await user.clear(screen.getByRole('textbox', { name: 'First Name' }));
    await user.tab();
    expect(screen.getByRole('textbox', { name: 'First Name' })).toHaveAccessibleDescription('Required');

    await user.type(screen.getByRole('textbox', { name: 'Company' }), 'x'.repeat(20));
    await user.tab();
    expect(screen.getByRole('textbox', { name: 'Company' })).toHaveAccessibleDescription('Must be less than 36 characters');

    await user.clear(screen.getByRole('textbox', { name: 'Address Line 1' }));
    await user.type(screen.getByRole('textbox', { name: 'Address Line 1' }), 'P.O. Box 12');
    await user.tab();
    expect(screen.getByRole('textbox', { name: 'Address Line 1' })).toHaveAccessibleDescription('Cannot be a PO box');

    await user.clear(screen.getByRole('textbox', { name: 'Phone' }));
    await user.type(screen.getByRole('textbox', { name: 'Phone' }), '555');
    await user.tab();
    expect(screen.getByRole('textbox', { name: 'Phone' })).toHaveAccessibleDescription('Invalid Format or Number');

    await user.click(save());
    expect(screen.getByRole('alert')).toHaveTextContent('Error Validating Information');
    expect(api.accountManager.saveUser).not.toHaveBeenCalled();
  });

  it('requires the state for the US only', async () => {
    const { user } = setup({ ...profile, address: { shipping: { ...saved.address, state: '' } } });
    await opened();

    await user.click(save());
    expect(screen.getByRole('combobox', { name: 'State / Province' })).toHaveAccessibleDescription('Required');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Country' }), 'Canada');
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'State / Province' })).not.toHaveAccessibleDescription('Required'));
  });

  it("shows the server's field messages on their fields until they are changed", async () => {
    const { api, session, user } = setup();
    api.accountManager.saveUser.mockRejectedValueOnce(
      new ApiError(400, {
        error: 'validation',
        message: 'Some fields are invalid.',
        fields: { 'address.postalCode': 'Must be less than 13 characters', lastName: 'Required' },
      }),
    );
    await opened();

    await user.click(save());

    expect(await screen.findByText('Some fields are invalid.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Postal Code' })).toHaveAccessibleDescription('Must be less than 13 characters');
    expect(screen.getByRole('textbox', { name: 'Last Name' })).toHaveAccessibleDescription('Required');
    expect(session.reloadProfile).not.toHaveBeenCalled();

    await user.type(screen.getByRole('textbox', { name: 'Postal Code' }), '1');
    expect(screen.getByRole('textbox', { name: 'Postal Code' })).not.toHaveAccessibleDescription('Must be less than 13 characters');
    expect(screen.getByRole('textbox', { name: 'Last Name' })).toHaveAccessibleDescription('Required');
  });

  it('says when the server cannot be reached', async () => {
    const { api, user } = setup();
    api.accountManager.saveUser.mockRejectedValueOnce(new ApiError(0, { error: 'network', message: 'offline' }));
    await opened();

    await user.click(save());

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText(COPY.networkFailed)).toBeInTheDocument();
  });
});
