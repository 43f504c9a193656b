import { screen } from '@testing-library/react';
import { ApiError, type Branch } from '@portal/api-client';
import { profile } from '@portal/forms/testing';
import { completeProblemStep, continueTo, settle, setupFlow } from '../../test/flow';
import { COPY } from './copy';

beforeEach(() => {
  jest.useFakeTimers();
  URL.createObjectURL = jest.fn(() => 'blob:http://portal.test/doc');
  URL.revokeObjectURL = jest.fn();
});
afterEach(() => jest.useRealTimers());

const olivia = { ...profile, sub: 'olivia', email: 'olivia@fleetco.example', firstName: 'Olivia', lastName: 'Reyes', company: 'FleetCo', org: { name: 'FleetCo' } };

const dallas: Branch = {
  id: 'BR-1',
  name: 'Dallas depot',
  address: { line1: '500 Elm St', line2: 'Dock 4', city: 'Dallas', state: 'TX', country: 'US', postalCode: '75202' },
  contact: { firstName: 'Sam', lastName: 'Ortiz', email: 'sam@fleetco.example', phone: '2145550100', phoneCountryCode: 'US' },
};
const houston: Branch = {
  ...dallas,
  id: 'BR-2',
  name: 'Houston yard',
  address: { ...dallas.address, line1: '9 Port Rd', line2: '', city: 'Houston', postalCode: '77001' },
};

type Flow = ReturnType<typeof setupFlow>;

async function toContact(flow: Flow) {
  await screen.findByRole('textbox', { name: 'Serial Number' });
  await settle();
  await completeProblemStep(flow.user);
  await continueTo(flow.user, 'Contact Info');
  await screen.findByRole('option', { name: 'Texas' });
}

describe('create-rma contact step: ship from a branch', () => {
  it('fills the address and contact from the chosen branch, and the RMA is sent with them', async () => {
    const flow = setupFlow({ me: olivia });
    flow.api.accountManager.branches.mockResolvedValue({ organization: 'FleetCo', branches: [dallas, houston] });
    await toContact(flow);

    const select = await screen.findByRole('combobox', { name: 'Ship from a branch' });
    expect(select).toHaveValue('');
    await flow.user.selectOptions(select, 'Dallas depot');

    expect(select).toHaveValue('BR-1');
    expect(screen.getByRole('textbox', { name: 'Address Line 1' })).toHaveValue('500 Elm St');
    expect(screen.getByRole('textbox', { name: 'Address Line 2' })).toHaveValue('Dock 4');
    expect(screen.getByRole('textbox', { name: 'City' })).toHaveValue('Dallas');
    expect(screen.getByRole('textbox', { name: 'Postal Code' })).toHaveValue('75202');
    expect(screen.getByRole('textbox', { name: 'First Name' })).toHaveValue('Sam');
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveValue('sam@fleetco.example');
    expect(screen.getByRole('textbox', { name: 'Phone' })).toHaveValue('(214) 555-0100');
    // The member's own company and position stay.
    expect(screen.getByRole('textbox', { name: 'Company' })).toHaveValue('FleetCo');

    await continueTo(flow.user, 'Packaging & Shipping');
    await flow.user.click(screen.getByRole('radio', { name: /I have a box/ }));
    await continueTo(flow.user, 'Confirm RMA');
    await flow.user.click(screen.getByRole('checkbox', { name: 'I confirm the above information is accurate' }));
    await flow.user.click(screen.getByRole('button', { name: 'Submit RMA' }));

    await screen.findByText('Your RMA RMA-100418 has been created.');
    const [payload] = flow.api.repair.createRma.mock.calls[0]!;
    expect(payload.address).toEqual(dallas.address);
    expect(payload.contact).toEqual({ ...dallas.contact, company: 'FleetCo', position: 'Technician' });
    // The whole way to the label: longer than one step's default 5 s on a loaded machine.
  }, 30_000);

  it('shows the branch whose address the form holds, and none once the address is edited', async () => {
    const flow = setupFlow({ me: olivia });
    flow.api.accountManager.branches.mockResolvedValue({ organization: 'FleetCo', branches: [dallas, houston] });
    await toContact(flow);
    const select = await screen.findByRole('combobox', { name: 'Ship from a branch' });

    await flow.user.selectOptions(select, 'Houston yard');
    expect(screen.getByRole('textbox', { name: 'City' })).toHaveValue('Houston');
    await flow.user.type(screen.getByRole('textbox', { name: 'Address Line 2' }), 'Gate B');

    expect(select).toHaveValue('');
    expect(screen.getByRole('textbox', { name: 'Address Line 1' })).toHaveValue('9 Port Rd');
  }, 20_000);

  it('is not offered to a user in no organization, whose branches are not asked for', async () => {
    const flow = setupFlow();
    await toContact(flow);

    expect(screen.queryByRole('combobox', { name: 'Ship from a branch' })).not.toBeInTheDocument();
    expect(flow.api.accountManager.branches).not.toHaveBeenCalled();
  });

  it('is not offered when the organization has no branches', async () => {
    const flow = setupFlow({ me: olivia });
    await toContact(flow);

    expect(flow.api.accountManager.branches).toHaveBeenCalled();
    expect(screen.queryByRole('combobox', { name: 'Ship from a branch' })).not.toBeInTheDocument();
  });

  it('says the branches could not be loaded and keeps the address form usable', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const flow = setupFlow({ me: olivia });
    flow.api.accountManager.branches.mockRejectedValue(new ApiError(500, { error: 'internal', message: 'Something went wrong.' }));
    await toContact(flow);

    expect(await screen.findByText(COPY.branchesFailed)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Address Line 1' })).toHaveValue('100 Congress Ave');
    expect(screen.queryByRole('combobox', { name: 'Ship from a branch' })).not.toBeInTheDocument();
  });
});
