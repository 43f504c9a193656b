import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError, type Branch, type BranchInput, type Country, type State } from '@portal/api-client';
import { profile, renderRoute, sessionWith } from '@portal/forms/testing';
import { BranchesPage } from './Page';
import { COPY } from './copy';

const countries: Country[] = [{ name: 'United States', countryCode: 'US', geonameId: 6252001 }];
const usStates: State[] = [{ name: 'Texas', stateCode: 'TX', geonameId: 4736286, apo: false }];
const olivia = { ...profile, sub: 'olivia', firstName: 'Olivia', lastName: 'Reyes', org: { name: 'FleetCo' } };

const dallas: Branch = {
  id: 'BR-1',
  name: 'Dallas depot',
  address: { line1: '500 Elm St', line2: 'Dock 4', city: 'Dallas', state: 'TX', country: 'US', postalCode: '75202' },
  contact: { firstName: 'Sam', lastName: 'Ortiz', email: 'sam@fleetco.example', phone: '2145550100', phoneCountryCode: 'US' },
};

function setup(branches: Branch[] = [dallas], prepare: (api: Api) => void = () => undefined) {
  const api = {
    accountManager: {
      branches: jest.fn(async () => ({ organization: 'FleetCo', branches })),
      createBranch: jest.fn(async (input: BranchInput): Promise<Branch> => ({ id: 'BR-2', ...input })),
      updateBranch: jest.fn(async (id: string, input: BranchInput): Promise<Branch> => ({ id, ...input })),
      deleteBranch: jest.fn(async (_id: string) => undefined),
    },
    locations: {
      countries: jest.fn(async () => countries),
      states: jest.fn(async () => usStates),
      cities: jest.fn(async () => []),
    },
  };
  prepare(api);
  // No pause between keystrokes: the forms are long and the test machine is shared.
  const user = userEvent.setup({ delay: null });
  renderRoute(<BranchesPage />, { path: '/your-account/branches', url: '/your-account/branches', session: sessionWith(api, olivia) });
  return { api, user };
}

type Api = {
  accountManager: { branches: jest.Mock };
};

async function openAdd(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Add branch' }));
  const dialog = await screen.findByRole('dialog', { name: 'Add branch' });
  await within(dialog).findByRole('option', { name: 'Texas' });
  return dialog;
}

// Whole forms are filled through the phone widget and the address lists: more than jest's default 5 s,
// and the first render more than findBy's default 1 s, when the machine is busy.
jest.setTimeout(30_000);
configure({ asyncUtilTimeout: 5_000 });

describe('branches page', () => {
  it('shows the Your account menu with Branches as the open page', async () => {
    setup();

    const menu = await screen.findByRole('navigation', { name: 'Your account' });
    expect(within(menu).getByRole('link', { name: 'Branches' })).toHaveAttribute('aria-current', 'page');
    expect(within(menu).getByRole('link', { name: 'Your RMAs' })).toHaveAttribute('href', '/your-account/rma-history');
  });

  it("lists the organization's branches with address and contact", async () => {
    setup();

    const table = await screen.findByRole('table', { name: 'FleetCo branches' });
    const row = within(table).getByRole('row', { name: /Dallas depot/ });
    expect(row).toHaveTextContent('500 Elm St, Dock 4, Dallas, TX 75202, US');
    expect(row).toHaveTextContent('Sam Ortiz');
    expect(row).toHaveTextContent('sam@fleetco.example');
    expect(row).toHaveTextContent('+1 214 555 0100');
    expect(screen.getByText(COPY.intro('FleetCo'))).toBeInTheDocument();
  });

  it('adds a branch with the spec messages first, then saves it and lists it', async () => {
    const { api, user } = setup();
    const dialog = await openAdd(user);

    await user.click(within(dialog).getByRole('button', { name: 'Save branch' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Error Validating Information');
    expect(within(dialog).getByRole('textbox', { name: 'Branch Name' })).toHaveAccessibleDescription('Required');
    expect(within(dialog).getByRole('textbox', { name: 'Email' })).toHaveAccessibleDescription('Required');
    expect(within(dialog).getByRole('textbox', { name: 'Phone' })).toHaveAccessibleDescription('Required');
    expect(api.accountManager.createBranch).not.toHaveBeenCalled();

    await user.click(within(dialog).getByRole('textbox', { name: 'Branch Name' }));
    await user.paste('A'.repeat(36));
    expect(within(dialog).getByRole('textbox', { name: 'Branch Name' })).toHaveAccessibleDescription('Must be less than 36 characters');
    await user.clear(within(dialog).getByRole('textbox', { name: 'Branch Name' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Branch Name' }), ' Austin yard ');
    await user.type(within(dialog).getByRole('textbox', { name: 'First Name' }), 'Ana');
    await user.type(within(dialog).getByRole('textbox', { name: 'Last Name' }), 'Diaz');
    await user.type(within(dialog).getByRole('textbox', { name: 'Email' }), 'ana@fleetco');
    expect(within(dialog).getByRole('textbox', { name: 'Email' })).toHaveAccessibleDescription('Must be a valid e-mail address');
    await user.type(within(dialog).getByRole('textbox', { name: 'Email' }), '.example');
    await user.type(within(dialog).getByRole('textbox', { name: 'Phone' }), '5125550100');
    await user.type(within(dialog).getByRole('textbox', { name: 'Address Line 1' }), '1 Yard Rd');
    await user.type(within(dialog).getByRole('textbox', { name: 'City' }), 'Austin');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'State / Province' }), 'Texas');
    await user.type(within(dialog).getByRole('textbox', { name: 'Postal Code' }), '78744');
    await user.click(within(dialog).getByRole('button', { name: 'Save branch' }));

    expect(await screen.findByText(COPY.created('Austin yard'))).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.accountManager.createBranch).toHaveBeenCalledWith({
      name: 'Austin yard',
      address: { line1: '1 Yard Rd', line2: '', city: 'Austin', state: 'TX', country: 'US', postalCode: '78744' },
      contact: { firstName: 'Ana', lastName: 'Diaz', email: 'ana@fleetco.example', phone: '5125550100', phoneCountryCode: 'US' },
    });
    await waitFor(() => expect(api.accountManager.branches).toHaveBeenCalledTimes(2));
  });

  it('edits a branch from its current values', async () => {
    const { api, user } = setup();
    await user.click(await screen.findByRole('button', { name: 'Edit Dallas depot' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Dallas depot' });
    await within(dialog).findByRole('option', { name: 'Texas' });

    expect(within(dialog).getByRole('textbox', { name: 'Address Line 2' })).toHaveValue('Dock 4');
    expect(within(dialog).getByRole('textbox', { name: 'Phone' })).toHaveValue('(214) 555-0100');
    await user.type(within(dialog).getByRole('textbox', { name: 'Branch Name' }), ' north');
    await user.click(within(dialog).getByRole('button', { name: 'Save branch' }));

    expect(await screen.findByText(COPY.updated('Dallas depot north'))).toBeInTheDocument();
    expect(api.accountManager.updateBranch).toHaveBeenCalledWith('BR-1', {
      name: 'Dallas depot north',
      address: dallas.address,
      contact: dallas.contact,
    });
  });

  it("shows the server's field messages on the dialog's fields", async () => {
    const { api, user } = setup();
    api.accountManager.updateBranch.mockRejectedValueOnce(
      new ApiError(400, {
        error: 'validation',
        message: 'Some fields are invalid.',
        fields: { name: 'This name is already used', 'contact.phone': 'Invalid Format or Number', 'address.line1': 'Cannot be a PO box' },
      }),
    );
    await user.click(await screen.findByRole('button', { name: 'Edit Dallas depot' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Dallas depot' });

    await user.click(within(dialog).getByRole('button', { name: 'Save branch' }));

    expect(await within(dialog).findByText('Some fields are invalid.')).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'Branch Name' })).toHaveAccessibleDescription('This name is already used');
    expect(within(dialog).getByRole('textbox', { name: 'Phone' })).toHaveAccessibleDescription('Invalid Format or Number');
    expect(within(dialog).getByRole('textbox', { name: 'Address Line 1' })).toHaveAccessibleDescription('Cannot be a PO box');
  });

  it('deletes a branch after confirming', async () => {
    const { api, user } = setup();
    await user.click(await screen.findByRole('button', { name: 'Delete Dallas depot' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Delete Dallas depot?' });

    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText(COPY.deleted('Dallas depot'))).toBeInTheDocument();
    expect(api.accountManager.deleteBranch).toHaveBeenCalledWith('BR-1');
    await waitFor(() => expect(api.accountManager.branches).toHaveBeenCalledTimes(2));
  });

  it('keeps the branch when deleting is cancelled', async () => {
    const { api, user } = setup();
    await user.click(await screen.findByRole('button', { name: 'Delete Dallas depot' }));

    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Cancel' }));

    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(api.accountManager.deleteBranch).not.toHaveBeenCalled();
  });

  it('says so when the organization has no branches yet', async () => {
    setup([]);

    expect(await screen.findByText(COPY.empty)).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('explains a 403 for a user in no organization', async () => {
    setup([dallas], (api) =>
      api.accountManager.branches.mockRejectedValueOnce(
        new ApiError(403, { error: 'account.noOrganization', message: 'You are not a member of an organization.' }),
      ),
    );

    expect(await screen.findByText(COPY.noOrganization)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add branch' })).not.toBeInTheDocument();
  });

  it('offers to load again when the list fails', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const { user } = setup([dallas], (api) =>
      api.accountManager.branches.mockRejectedValueOnce(new ApiError(500, { error: 'internal', message: 'Something went wrong.' })),
    );

    await user.click(await screen.findByRole('button', { name: 'Try again' }));

    expect(await screen.findByRole('table', { name: 'FleetCo branches' })).toBeInTheDocument();
  });
});
