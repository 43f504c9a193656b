import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError, type POFile, type Registration, type RegistrationInput, type UploadProgressOptions } from '@portal/api-client';
import { profile, renderRoute, sessionWith } from '@portal/forms/testing';
import { ProductRegistrationPage } from './Page';
import { COPY } from './copy';

const mine: Registration = {
  serial: 'RT10000001',
  model: 'RL14',
  modelFamily: 'Ranger',
  purchaseDate: '2026-01-31',
  registeredAt: '2026-02-01T10:00:00Z',
  mine: true,
  warranty: { iw: true, endDeviceWarranty: '2028-06-30', isEOS: false },
  proofOfPurchase: { fileName: 'receipt.pdf' },
};
const colleagues: Registration = {
  ...mine,
  serial: 'RT10000002',
  model: 'RT7',
  mine: false,
  warranty: { iw: false, endDeviceWarranty: '2024-01-31', isEOS: false },
};
const retired: Registration = { ...mine, serial: 'RT10000003', warranty: { iw: false, endDeviceWarranty: null, isEOS: true } };

type Api = ReturnType<typeof makeApi>;

function makeApi(items: Registration[]) {
  return {
    accountManager: {
      registrations: jest.fn(async () => items),
      register: jest.fn(async (input: RegistrationInput): Promise<Registration> => ({ ...mine, serial: input.serial, purchaseDate: input.purchaseDate })),
    },
    uploads: {
      uploadPurchaseOrder: jest.fn(async (file: File, opts?: UploadProgressOptions): Promise<POFile[]> => {
        opts?.onProgress?.(1);
        return [{ fileId: `po/${file.name}`, originalname: file.name }];
      }),
    },
  };
}

function setup(items: Registration[] = [mine, colleagues], prepare: (api: Api) => void = () => undefined) {
  const api = makeApi(items);
  prepare(api);
  // No pause between keystrokes: the forms are long and the test machine is shared.
  const user = userEvent.setup({ delay: null });
  renderRoute(<ProductRegistrationPage />, {
    path: '/your-account/product-registration',
    url: '/your-account/product-registration',
    session: sessionWith(api, profile),
  });
  return { api, user };
}

const receipt = () => new File(['%PDF-1.7'], 'receipt.pdf', { type: 'application/pdf' });
const form = () => screen.getByRole('form', { name: 'Register a unit' });
const field = (name: string) => within(form()).getByRole('textbox', { name });
const dateInput = () => within(form()).getByLabelText('Purchase Date');
const register = () => within(form()).getByRole('button', { name: 'Register' });

async function fill(user: ReturnType<typeof userEvent.setup>, serial = ' rt10000009') {
  await user.type(field('Serial Number'), serial);
  fireEvent.change(dateInput(), { target: { value: '2026-01-31' } });
  await user.upload(within(form()).getByLabelText('Proof of Purchase'), receipt());
  await within(form()).findByText('Attached: receipt.pdf');
}

// The first render can take more than findBy's default 1 s when the machine is busy.
configure({ asyncUtilTimeout: 5_000 });

describe('product registration', () => {
  it('shows the Your account menu with Product registration as the open page', async () => {
    setup();

    const menu = await screen.findByRole('navigation', { name: 'Your account' });
    expect(within(menu).getByRole('link', { name: 'Product registration' })).toHaveAttribute('aria-current', 'page');
  });

  it('lists the registered units with their warranty state, marking the organization’s', async () => {
    setup([mine, colleagues, retired]);

    const table = await screen.findByRole('table', { name: 'Registered units' });
    const first = within(table).getByRole('row', { name: /RT10000001/ });
    expect(first).toHaveTextContent('RL14');
    expect(first).toHaveTextContent('Jan 31 2026');
    expect(first).toHaveTextContent('In warranty until Jun 30 2028');
    expect(within(first).queryByText('Organization')).not.toBeInTheDocument();
    const second = within(table).getByRole('row', { name: /RT10000002/ });
    expect(second).toHaveTextContent('Out of warranty');
    expect(within(second).getByText('Organization')).toBeInTheDocument();
    expect(within(table).getByRole('row', { name: /RT10000003/ })).toHaveTextContent('End of service');
  });

  it('says so when no unit is registered yet', async () => {
    setup([]);

    expect(await screen.findByText(COPY.empty)).toBeInTheDocument();
  });

  it('offers to load the list again when it fails', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const { user } = setup([mine], (api) => api.accountManager.registrations.mockRejectedValueOnce(new ApiError(0, { error: 'network', message: 'offline' })));

    await user.click(await screen.findByRole('button', { name: 'Try again' }));

    expect(await screen.findByRole('table', { name: 'Registered units' })).toBeInTheDocument();
  });

  it('registers a unit by its upper-cased serial, purchase date and uploaded proof, then lists it', async () => {
    const { api, user } = setup();
    await screen.findByRole('table', { name: 'Registered units' });

    await fill(user);
    expect(field('Serial Number')).toHaveValue('RT10000009');
    await user.click(register());

    expect(await screen.findByText(COPY.registered('RT10000009'))).toBeInTheDocument();
    expect(api.uploads.uploadPurchaseOrder).toHaveBeenCalledTimes(1);
    expect(api.accountManager.register).toHaveBeenCalledWith({ serial: 'RT10000009', purchaseDate: '2026-01-31', proofFileId: 'po/receipt.pdf' });
    await waitFor(() => expect(api.accountManager.registrations).toHaveBeenCalledTimes(2));
    expect(field('Serial Number')).toHaveValue('');
    expect(within(form()).queryByText('Attached: receipt.pdf')).not.toBeInTheDocument();
  });

  it("shows 'Required' and 'Must Attach Files' and sends nothing when the form is incomplete", async () => {
    const { api, user } = setup();

    await user.click(await screen.findByRole('button', { name: 'Register' }));

    expect(field('Serial Number')).toHaveAccessibleDescription('Required');
    expect(dateInput()).toHaveAccessibleDescription('Required');
    expect(within(form()).getByLabelText('Proof of Purchase')).toHaveAccessibleDescription(expect.stringContaining('Must Attach Files'));
    expect(api.accountManager.register).not.toHaveBeenCalled();
  });

  it('refuses a purchase date in the future', async () => {
    const { user } = setup();
    await screen.findByRole('form', { name: 'Register a unit' });

    fireEvent.change(dateInput(), { target: { value: '2999-01-01' } });
    await user.click(register());

    expect(dateInput()).toHaveAccessibleDescription('Purchase date cannot be in the future');
  });

  it("shows 'Serial Not Found' from the server on the serial", async () => {
    const { api, user } = setup();
    api.accountManager.register.mockRejectedValueOnce(
      new ApiError(400, { error: 'validation', message: 'Some fields are invalid.', fields: { serial: 'Serial Not Found' } }),
    );
    await screen.findByRole('table', { name: 'Registered units' });

    await fill(user, 'ZZ99999999');
    await user.click(register());

    await waitFor(() => expect(field('Serial Number')).toHaveAccessibleDescription('Serial Not Found'));
    await user.type(field('Serial Number'), '9');
    expect(field('Serial Number')).not.toHaveAccessibleDescription('Serial Not Found');
  });

  it("shows 'This unit is already registered' on the serial", async () => {
    const { api, user } = setup();
    api.accountManager.register.mockRejectedValueOnce(
      new ApiError(409, { error: 'account.alreadyRegistered', message: 'This unit is already registered' }),
    );
    await screen.findByRole('table', { name: 'Registered units' });

    await fill(user, 'RT10000001');
    await user.click(register());

    await waitFor(() => expect(field('Serial Number')).toHaveAccessibleDescription('This unit is already registered'));
    expect(screen.queryByText(/has been registered/)).not.toBeInTheDocument();
  });

  it("shows the upload's error, and 'Operation canceled by the user.' for a cancelled upload", async () => {
    const { api, user } = setup();
    api.uploads.uploadPurchaseOrder.mockRejectedValueOnce(new ApiError(400, { error: 'uploads.type', message: 'Only PDF or image files are accepted.' }));
    await screen.findByRole('form', { name: 'Register a unit' });

    await user.upload(within(form()).getByLabelText('Proof of Purchase'), receipt());
    expect(await within(form()).findByText('Only PDF or image files are accepted.')).toBeInTheDocument();

    api.uploads.uploadPurchaseOrder.mockImplementationOnce(
      (_file: File, opts?: UploadProgressOptions) =>
        new Promise<POFile[]>((_resolve, reject) => {
          opts?.signal?.addEventListener('abort', () => reject(new DOMException('The request was cancelled.', 'AbortError')));
        }),
    );
    await user.upload(within(form()).getByLabelText('Proof of Purchase'), receipt());
    await user.click(await within(form()).findByRole('button', { name: 'Cancel upload of receipt.pdf' }));
    expect(await within(form()).findByText('Operation canceled by the user.')).toBeInTheDocument();
  });
});
