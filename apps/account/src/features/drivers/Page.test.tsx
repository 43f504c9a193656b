import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError, type Driver, type ModelDrivers } from '@portal/api-client';
import { profile, renderRoute, sessionWith } from '@portal/forms/testing';
import { DriversPage } from './Page';
import { COPY } from './copy';
import { formatSize } from './model/format';

const chipset: Driver = {
  id: 'DRV-1',
  name: 'Chipset driver',
  category: 'Chipset',
  os: 'Windows 11 64-bit',
  version: '10.1.19',
  releaseDate: '2026-03-14',
  releaseNotes: 'Fixes sleep on lid close.\nFaster resume.',
  fileName: 'rl14-chipset-10.1.19.zip',
  size: 1_048_576,
  sha256: 'ab'.repeat(32),
  downloadUrl: '/account-mgr/drivers/DRV-1/download',
};
const models: ModelDrivers[] = [
  { model: 'RL14', modelFamily: 'Ranger', drivers: [chipset] },
  { model: 'RT7', modelFamily: 'Rugged Tablet', drivers: [] },
];

type Api = ReturnType<typeof makeApi>;

function makeApi(answer: ModelDrivers[]) {
  return {
    accountManager: {
      drivers: jest.fn(async () => answer),
      downloadDriver: jest.fn(async (_id: string) => new Blob(['PK'], { type: 'application/zip' })),
    },
  };
}

function setup(answer: ModelDrivers[] = models, prepare: (api: Api) => void = () => undefined) {
  const api = makeApi(answer);
  prepare(api);
  // No pause between keystrokes: the forms are long and the test machine is shared.
  const user = userEvent.setup({ delay: null });
  const view = renderRoute(<DriversPage />, {
    path: '/your-account/drivers',
    url: '/your-account/drivers',
    session: sessionWith(api, profile),
    routes: [{ path: '/your-account/product-registration', element: <h1>Product Registration</h1> }],
  });
  return { api, user, ...view };
}

beforeEach(() => {
  URL.createObjectURL = jest.fn(() => 'blob:http://portal.test/driver');
  URL.revokeObjectURL = jest.fn();
});

// The first render can take more than findBy's default 1 s when the machine is busy.
configure({ asyncUtilTimeout: 5_000 });

describe('drivers page', () => {
  it('shows the Your account menu with Drivers as the open page', async () => {
    setup();

    const menu = await screen.findByRole('navigation', { name: 'Your account' });
    expect(within(menu).getByRole('link', { name: 'Drivers' })).toHaveAttribute('aria-current', 'page');
  });

  it("lists each model's drivers with version, release date, size and checksum", async () => {
    setup();

    const model = await screen.findByRole('region', { name: 'RL14 (Ranger)' });
    const item = within(model).getByRole('listitem', { name: 'Chipset driver 10.1.19' });
    expect(item).toHaveTextContent('Chipset');
    expect(item).toHaveTextContent('Windows 11 64-bit');
    expect(item).toHaveTextContent('Mar 14 2026');
    expect(item).toHaveTextContent('rl14-chipset-10.1.19.zip (1 MB)');
    expect(item).toHaveTextContent('ab'.repeat(32));
    expect(within(screen.getByRole('region', { name: 'RT7 (Rugged Tablet)' })).getByText(COPY.noDrivers)).toBeInTheDocument();
  });

  it('shows the release notes when expanded', async () => {
    const { user } = setup();
    const item = await screen.findByRole('listitem', { name: 'Chipset driver 10.1.19' });

    expect(within(item).getByText(/Fixes sleep on lid close/)).not.toBeVisible();
    await user.click(within(item).getByText('Release notes'));
    expect(within(item).getByText(/Fixes sleep on lid close/)).toBeVisible();
  });

  it('copies the checksum', async () => {
    const { user } = setup();
    const writeText = jest.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });

    await user.click(await screen.findByRole('button', { name: 'Copy the SHA-256 checksum of Chipset driver' }));

    expect(writeText).toHaveBeenCalledWith('ab'.repeat(32));
    expect(await screen.findByText(COPY.copied)).toBeInTheDocument();
  });

  it('downloads the file with the API client and saves it under its file name', async () => {
    const { api, user } = setup();
    const saved: string[] = [];
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(`${this.download} ${this.href}`);
    });

    await user.click(await screen.findByRole('button', { name: 'Download Chipset driver 10.1.19' }));

    await waitFor(() => expect(saved).toEqual(['rl14-chipset-10.1.19.zip blob:http://portal.test/driver']));
    expect(api.accountManager.downloadDriver).toHaveBeenCalledWith('DRV-1');
  });

  it('says when a download fails', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const { api, user } = setup();
    api.accountManager.downloadDriver.mockRejectedValueOnce(new ApiError(404, { error: 'account.driverNotFound', message: 'Driver not found' }));

    await user.click(await screen.findByRole('button', { name: 'Download Chipset driver 10.1.19' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(COPY.downloadFailed('rl14-chipset-10.1.19.zip'));
  });

  it('asks to register a unit first when the customer has none, linking product registration', async () => {
    const { user, router } = setup([]);

    expect(await screen.findByText(COPY.empty)).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Register a unit' }));
    expect(router.state.location.pathname).toBe('/your-account/product-registration');
  });

  it('offers to load again when the list fails', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const { user } = setup(models, (api) => api.accountManager.drivers.mockRejectedValueOnce(new ApiError(500, { error: 'internal', message: 'x' })));

    await user.click(await screen.findByRole('button', { name: 'Try again' }));

    expect(await screen.findByRole('region', { name: 'RL14 (Ranger)' })).toBeInTheDocument();
  });
});

describe('formatSize', () => {
  it.each([
    [0, '0 bytes'],
    [512, '512 bytes'],
    [1536, '1.5 KB'],
    [1_048_576, '1 MB'],
    [3_221_225_472, '3 GB'],
  ])('writes %d bytes as %s', (bytes, text) => {
    expect(formatSize(bytes)).toBe(text);
  });
});
