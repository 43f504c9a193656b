import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RepairSelection, SavedQuoteData } from '@portal/api-client';
import type { Session } from '@portal/auth';
import { unit } from '@portal/forms/testing';
import { canceledRoute, continueTo, renderAt, settle, setupFlow } from '../../test/flow';
import { COPY } from '../create-rma/copy';
import { browser, savePaymentSnapshot, type PaymentSnapshot } from '../create-rma/model/paymentReturn';
import { emptyProblem } from '../create-rma/model/problem';
import { UpgradeConfirmQuotePage } from './UpgradeConfirmQuotePage';
import { UpgradeDevicePage } from './UpgradeDevicePage';

const usd = (cents: number) => ({ cents, currency: 'USD' });

/** The RL14's upgrade list as repairFormSelections(rmaType: "UPGRADE") answers it. */
const upgrades: RepairSelection[] = [
  {
    name: 'Memory',
    options: [
      { name: '16 GB to 32 GB DDR4', price: usd(24900), tip: 'Doubles the memory.' },
      { name: '16 GB to 64 GB DDR4', price: usd(54900), tip: '' },
    ],
  },
  { name: 'Radio modules', options: [{ name: '5G mobile broadband module', price: usd(49900), tip: 'Bring your own SIM.' }] },
];

const confirmUpgradeRoute = { path: '/upgrade-device/:serial?/confirm-quote', element: <h1>Confirm upgrade quote</h1> };

function setupUpgrade(options: Parameters<typeof setupFlow>[0] = {}) {
  return setupFlow({
    options: upgrades,
    url: '/upgrade-device/RT10000001',
    page: <UpgradeDevicePage />,
    path: '/upgrade-device/:serial?',
    routes: [confirmUpgradeRoute, canceledRoute],
    ...options,
  });
}

type User = ReturnType<typeof setupFlow>['user'];

/** From the first render to the confirm step with the 32 GB upgrade and the profile's address. */
async function reachConfirmUpgrade(user: User) {
  await screen.findByRole('textbox', { name: 'Serial Number' });
  await settle();
  await user.click(await screen.findByRole('radio', { name: /16 GB to 32 GB DDR4/ }));
  await continueTo(user, 'Contact Info');
  await screen.findByRole('option', { name: 'Texas' });
  await continueTo(user, 'Packaging & Shipping');
  await user.click(screen.getByRole('radio', { name: /I have a box/ }));
  await continueTo(user, 'Confirm Upgrade');
}

let assign: jest.SpyInstance;
beforeEach(() => {
  jest.useFakeTimers();
  URL.createObjectURL = jest.fn(() => 'blob:http://portal.test/doc');
  URL.revokeObjectURL = jest.fn();
  assign = jest.spyOn(browser, 'assign').mockImplementation(() => undefined);
  sessionStorage.clear();
});
afterEach(() => {
  assign.mockRestore();
  jest.useRealTimers();
});

describe('upgrade-device signed out', () => {
  it('explains what it offers and asks to sign in, coming back to the same page, before any request', async () => {
    const verifySerial = jest.fn();
    const signIn = jest.fn();
    const signedOut = { status: 'signed-out' };
    const session = {
      api: { repair: { verifySerial } },
      clientId: 'service-portal',
      getState: () => signedOut,
      subscribe: () => () => undefined,
      signIn,
    } as unknown as Session;
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    renderAt(<UpgradeDevicePage />, { path: '/upgrade-device/:serial?', url: '/upgrade-device/rt10000001', session });

    expect(await screen.findByRole('heading', { name: 'Upgrade a unit' })).toBeInTheDocument();
    expect(screen.getByText(COPY.upgradeIntro)).toBeInTheDocument();
    expect(screen.getByText('Unit: RT10000001')).toBeInTheDocument();
    expect(screen.getByText(COPY.upgradeSignIn)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(signIn).toHaveBeenCalledWith('/upgrade-device/rt10000001');
    expect(verifySerial).not.toHaveBeenCalled();
  });
});

describe('upgrade-device', () => {
  it("lists the model's upgrades by category with their prices, each option's name and price heard apart", async () => {
    const { api, user } = setupUpgrade();
    await settle();

    const memory = await screen.findByRole('group', { name: 'Memory' });
    // jsdom's name computation puts a space around inline elements, which Chromium does not
    // (e2e upgrade.test.ts checks it there): the comma is what matters.
    expect(within(memory).getByRole('radio', { name: /^16 GB to 32 GB DDR4 ?, \$249\.00$/ })).toHaveAccessibleDescription('Doubles the memory.');
    expect(within(memory).getByRole('radio', { name: /^16 GB to 64 GB DDR4 ?, \$549\.00$/ })).toBeInTheDocument();
    expect(within(screen.getByRole('group', { name: 'Radio modules' })).getByRole('radio', { name: /5G/ })).toBeInTheDocument();
    expect(api.repair.repairFormSelections).toHaveBeenCalledWith(
      { pn: 'RL14-G2-16', model: 'RL14', rmaType: 'UPGRADE', serial: 'RT10000001' },
      expect.anything(),
    );
    expect(screen.getByRole('button', { name: 'Continue' })).toHaveAttribute('aria-disabled', 'true');

    await user.click(screen.getByRole('radio', { name: /5G/ }));
    const price = screen.getByRole('table', { name: 'Upgrade price' });
    expect(within(price).getByText('499.00')).toBeInTheDocument();
    expect(screen.getByText('Bring your own SIM.')).toBeInTheDocument();
    // One upgrade per RMA: choosing in another category replaces the choice.
    await user.click(screen.getByRole('radio', { name: /16 GB to 32 GB/ }));
    expect(screen.getByRole('radio', { name: /5G/ })).not.toBeChecked();
    expect(screen.getByRole('button', { name: 'Continue' })).toHaveAttribute('aria-disabled', 'false');
    expect(screen.queryByLabelText('Add photos or videos')).not.toBeInTheDocument();
  });

  it.each([
    ['an EX80', unit({ model: 'EX80', serial: 'RT10000005' }), COPY.upgradeHelpdesk],
    ['an end-of-service unit', unit({ isEOS: true, iw: false, cardState: 'end-of-service' }), COPY.upgradeEndOfService],
    ['a unit with an open RMA', unit({ rmaExists: true, allowOow: true, cardState: 'rma-exists' }), COPY.upgradeOpenRma],
  ])('says why %s takes no upgrade and offers none', async (_name, blocked, why) => {
    const { api } = setupUpgrade({ unit: blocked });
    await settle();

    expect(await screen.findByText(why)).toBeInTheDocument();
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
    expect(api.repair.repairFormSelections).not.toHaveBeenCalled();
  });

  it('says so when the model takes no upgrade', async () => {
    setupUpgrade({ unit: unit({ model: 'TH6' }), options: [] });
    await settle();
    expect(await screen.findByText(COPY.noUpgrades('TH6'))).toBeInTheDocument();
  });

  it('has a unit in warranty pay by card: the UPGRADE request goes to create/oow and the browser to the provider', async () => {
    const { api, user } = setupUpgrade();
    await reachConfirmUpgrade(user);

    expect(screen.getByText('16 GB to 32 GB DDR4')).toBeInTheDocument();
    await screen.findByRole('radiogroup', { name: 'Payment Method' });
    expect(screen.queryByText(COPY.paymentOverride)).not.toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'I confirm the above information is accurate' }));
    await user.click(screen.getByRole('button', { name: 'Continue to Payment' }));

    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://paypal.test/checkoutnow?token=ORDER-1'));
    expect(api.repair.createRma).not.toHaveBeenCalled();
    const [payload] = api.repair.createOowRma.mock.calls[0]!;
    expect(payload.rmaInput).toMatchObject({
      rmaType: 'UPGRADE',
      primaryFault: 'Memory',
      problem: '16 GB to 32 GB DDR4',
      initialNotes: '',
      attachments: [],
    });
    expect(payload.paymentData).toEqual({ paymentMethod: 'PayPal', customerPO: '', customerPOFileId: '', save: false, quoteId: '' });
  });

  it('saves a quote and opens the upgrade confirm-quote page, without the leave warning', async () => {
    const { api, user, router } = setupUpgrade();
    await reachConfirmUpgrade(user);
    await screen.findByRole('radiogroup', { name: 'Payment Method' });
    await user.click(screen.getByRole('checkbox', { name: 'I confirm the above information is accurate' }));
    api.repair.createOowRma.mockResolvedValueOnce({ rmaNumber: '', quoteId: 'QT-UPGRADE0001', paymentUrl: '', quoteData: null });

    await user.click(screen.getByRole('button', { name: 'Save Quote' }));

    expect(await screen.findByRole('heading', { name: 'Confirm upgrade quote' })).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/upgrade-device/RT10000001/confirm-quote');
    expect(router.state.location.search).toBe('?quote=QT-UPGRADE0001');
    expect(api.repair.createOowRma.mock.calls[0]![0].paymentData.save).toBe(true);
  });

  it('back from the provider, processes the upgrade RMA and shows its label', async () => {
    const kept: PaymentSnapshot = {
      rmaNumber: 'RMA-100430',
      quoteId: 'QT-UPGRADE0002',
      paymentUrl: 'https://paypal.test/checkoutnow?token=ORDER-7',
      serial: 'RT10000001',
      problem: { ...emptyProblem, primaryFault: 'Memory', problem: '16 GB to 32 GB DDR4' },
      contact: { firstName: 'Casey', lastName: 'Morgan', email: 'casey@example.com', phone: '+15125550142', phoneCountryCode: 'US', company: '', position: '' },
      address: { line1: '100 Congress Ave', line2: '', city: 'Austin', state: 'TX', country: 'US', postalCode: '78701' },
      packaging: 'label',
      quote: null,
    };
    savePaymentSnapshot(kept);
    const { api } = setupUpgrade({ url: '/upgrade-device/RT10000001?rmaNumber=RMA-100430&token=ORDER-7&PayerID=P1' });
    await settle();

    expect(await screen.findByText('Your RMA RMA-100430 has been created.')).toBeInTheDocument();
    expect(api.repair.processOow).toHaveBeenCalledWith({ rmaNumber: 'RMA-100430', serial: 'RT10000001', token: 'ORDER-7' });
    expect(await screen.findByRole('link', { name: 'Download Shipping Label' })).toBeInTheDocument();
  });
});

describe('upgrade-device-confirm-quote', () => {
  const quoteData: SavedQuoteData = {
    shipping: {
      address: { line1: '5 Harbor Rd', line2: '', city: 'Austin', state: 'TX', country: 'US', postalCode: '78701' },
      contact: { firstName: 'Casey', lastName: 'Morgan', emailAddress: 'casey@example.com', phoneNumber: '5125550142', phoneCountryCode: 'US', companyName: '' },
    },
    externalResource: {
      serial: 'RT10000001',
      rmaInput: { rmaType: 'UPGRADE', primaryFault: 'Memory', problem: '16 GB to 32 GB DDR4', initialNotes: '', attachments: [] },
      packaging: { havePackaging: true, requestBox: false, forgoShipping: false },
    },
    total: usd(24900),
  };

  it('opens the saved upgrade on its confirm step and pays it by card, naming the quote', async () => {
    const { api, user } = setupUpgrade({
      page: <UpgradeConfirmQuotePage />,
      path: '/upgrade-device/:serial?/confirm-quote',
      url: '/upgrade-device/RT10000001/confirm-quote?quote=QT-UPGRADE0001',
      state: { quoteData, quoteId: 'QT-UPGRADE0001', toPage: 4 },
      routes: [canceledRoute],
    });
    await settle();

    expect(screen.getByText('Quote QT-UPGRADE0001 saved')).toBeInTheDocument();
    expect(await screen.findByRole('form', { name: 'Confirm Upgrade' })).toBeInTheDocument();
    expect(await screen.findByText('Total: $249.00')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save Quote' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'I confirm the above information is accurate' }));
    await user.click(screen.getByRole('button', { name: 'Continue to Payment' }));

    await waitFor(() => expect(assign).toHaveBeenCalled());
    const [payload] = api.repair.createOowRma.mock.calls[0]!;
    expect(payload.rmaInput.rmaType).toBe('UPGRADE');
    expect(payload.paymentData.quoteId).toBe('QT-UPGRADE0001');
  });
});
