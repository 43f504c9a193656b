import { act, fireEvent, screen, within } from '@testing-library/react';
import { ApiError, type UploadedFile, type UploadProgressOptions } from '@portal/api-client';
import { profile, unit } from '@portal/forms/testing';
import { image, selections, settle, setupFlow } from '../../../test/flow';

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

async function start(options: Parameters<typeof setupFlow>[0] = {}) {
  const flow = setupFlow(options);
  await screen.findByRole('textbox', { name: 'Serial Number' });
  await settle();
  return flow;
}

const continueButton = () => screen.getByRole('button', { name: 'Continue' });

describe('problem step: faults and problems', () => {
  it('asks GraphQL for the options of the unit', async () => {
    const { api } = await start();

    await screen.findByRole('combobox', { name: 'Primary Fault' });
    expect(api.repair.repairFormSelections).toHaveBeenCalledWith(
      { pn: 'RL14-G2-16', model: 'RL14', rmaType: 'REPAIR', serial: 'RT10000001' },
      expect.anything(),
    );
  });

  it('auto-selects a sole primary fault', async () => {
    await start({ options: [selections[1]!] });

    const fault = await screen.findByRole('combobox', { name: 'Primary Fault' });
    expect(fault).toHaveValue('Power');
    expect(screen.getByRole('combobox', { name: 'Problem' })).toBeEnabled();
  });

  it('clears the problem and its price when the fault changes', async () => {
    const { user } = await start({ unit: unit({ iw: false, cardState: 'out-of-warranty' }) });
    const fault = await screen.findByRole('combobox', { name: 'Primary Fault' });

    await user.selectOptions(fault, 'Display');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Problem' }), 'Cracked screen');
    expect(screen.getByRole('table', { name: 'Repair price' })).toBeInTheDocument();

    await user.selectOptions(fault, 'Power');
    expect(screen.getByRole('combobox', { name: 'Problem' })).toHaveValue('');
    expect(screen.queryByRole('table', { name: 'Repair price' })).not.toBeInTheDocument();
  });

  it('says so when there are no options', async () => {
    await start({ options: [] });

    expect(await screen.findByText('No options available at this time, please reach out to support & service.')).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Primary Fault' })).not.toBeInTheDocument();
  });

  it("shows the chosen problem's technician tip", async () => {
    const { user } = await start();

    await user.selectOptions(await screen.findByRole('combobox', { name: 'Primary Fault' }), 'Display');
    expect(screen.queryByRole('complementary', { name: 'Technician Tip' })).not.toBeInTheDocument();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Problem' }), 'Cracked screen');

    expect(screen.getByRole('complementary', { name: 'Technician Tip' })).toHaveTextContent('Photograph the crack with the screen on.');
  });
});

describe('problem step: price table', () => {
  async function priceRows(me = profile, overrides = {}, problem = 'Cracked screen') {
    const { user } = await start({ me, unit: unit({ iw: false, cardState: 'out-of-warranty', ...overrides }) });
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Primary Fault' }), 'Display');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Problem' }), problem);
    const table = screen.queryByRole('table', { name: 'Repair price' });
    return table ? within(table).getAllByRole('row').map((r) => [...within(r).queryAllByRole('columnheader'), ...within(r).queryAllByRole('cell')].map((c) => c.textContent)) : null;
  }

  it('shows the cost of an out-of-warranty repair', async () => {
    expect(await priceRows()).toEqual([
      ['Selection', 'Cost (USD)'],
      ['Cracked screen', '289.00'],
    ]);
  });

  // olivia@fleetco.example's profile: FleetCo Utilities with a 10 % flat discount.
  const olivia = { ...profile, email: 'olivia@fleetco.example', org: { name: 'FleetCo Utilities' }, flags: { rma: { flatDiscountPercentage: 10 } } };

  it('adds the price after the flat discount', async () => {
    expect(await priceRows(olivia)).toEqual([
      ['Selection', 'Cost (USD)', 'After Discount (USD)'],
      ['Cracked screen', '289.00', '260.10'],
    ]);
  });

  it('rounds the discount of odd cents half up, to the cent the server charges', async () => {
    expect((await priceRows({ ...profile, flags: { rma: { flatDiscountPercentage: 33.33 } } }, {}, 'Dead pixels'))?.[1]).toEqual([
      'Dead pixels',
      '149.50',
      '99.67',
    ]);
  });

  it('has no After Discount column for a zero or malformed discount', async () => {
    expect((await priceRows({ ...profile, flags: { rma: { flatDiscountPercentage: -5 } } }))?.[0]).toEqual(['Selection', 'Cost (USD)']);
  });

  it('caps the discount at the price', async () => {
    expect((await priceRows({ ...profile, flags: { rma: { flatDiscountPercentage: 150 } } }))?.[1]).toEqual(['Cracked screen', '289.00', '0.00']);
  });

  it('is not shown with the out-of-warranty override', async () => {
    expect(await priceRows(profile, { allowOow: true })).toBeNull();
  });
});

describe('problem step: fields and rules', () => {
  it('shows the credentials as optional fields, passwords masked, max 50', async () => {
    await start();

    const username = await screen.findByRole('textbox', { name: 'Windows Username' });
    expect(screen.getByLabelText('Windows Password')).toHaveAttribute('type', 'password');
    expect(screen.getByLabelText('BIOS Password')).toHaveAttribute('type', 'password');
    expect(screen.queryByRole('group', { name: 'Is there data on the device?' })).not.toBeInTheDocument();

    fireEvent.change(username, { target: { value: 'u'.repeat(51) } });
    fireEvent.blur(username);
    expect(username).toHaveAccessibleDescription('Must be less than 51 characters');
  });

  it('for VERETOS hides the credentials and requires the data answer and, with data, the agreement', async () => {
    const { user } = await start({ unit: unit({ productType: 'VERETOS', serial: 'VT10000007' }), url: '/create-rma/VT10000007' });

    const question = await screen.findByRole('group', { name: 'Is there data on the device?' });
    expect(screen.queryByLabelText('Windows Username')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Windows Password')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('BIOS Password')).not.toBeInTheDocument();

    await user.click(continueButton());
    expect(question).toHaveAccessibleDescription('Required');

    await user.click(within(question).getByRole('radio', { name: 'Yes' }));
    const agreement = screen.getByRole('checkbox', { name: 'I have read and accept the data handling agreement above' });
    expect(agreement).toHaveAccessibleDescription('Required');
    await user.click(agreement);
    expect(agreement).not.toHaveAccessibleDescription('Required');

    await user.click(within(question).getByRole('radio', { name: 'No' }));
    expect(screen.queryByRole('checkbox', { name: /data handling agreement/ })).not.toBeInTheDocument();
  });

  it('tells EX80 owners to contact the helpdesk and does not go on', async () => {
    const { user } = await start({ unit: unit({ model: 'EX80' }) });

    expect(await screen.findByText(/Please contact the helpdesk at service@rugged.example to arrange the return/)).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Primary Fault' })).not.toBeInTheDocument();
    expect(continueButton()).toHaveAttribute('aria-disabled', 'true');
    await user.click(continueButton());
    expect(screen.getByRole('form', { name: 'Problem Description' })).toBeInTheDocument();
  });

  it('limits the notes to 1000 characters', async () => {
    await start();
    const notes = await screen.findByRole('textbox', { name: 'Service Request Notes' });

    fireEvent.change(notes, { target: { value: 'n'.repeat(1001) } });
    fireEvent.blur(notes);
    expect(notes).toHaveAccessibleDescription(/Must be less than 1001 characters/);

    fireEvent.change(notes, { target: { value: 'n'.repeat(1000) } });
    expect(notes).not.toHaveAccessibleDescription(/Must be less than/);
  });

  it("shows 'Missing Required Fields!' for 4 s on an invalid Continue and points at the first field", async () => {
    const { user } = await start();
    await screen.findByRole('combobox', { name: 'Primary Fault' });

    expect(continueButton()).toHaveAttribute('aria-disabled', 'true');
    await user.click(continueButton());

    expect(screen.getByRole('alert')).toHaveTextContent('Missing Required Fields!');
    expect(screen.getByRole('combobox', { name: 'Primary Fault' })).toHaveFocus();
    expect(screen.getByText('Must Attach Files')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: /backed up the data/ })).toHaveAccessibleDescription('Required');

    await act(async () => jest.advanceTimersByTime(3_900));
    expect(screen.getByText('Missing Required Fields!')).toBeInTheDocument();
    await act(async () => jest.advanceTimersByTime(100));
    expect(screen.queryByText('Missing Required Fields!')).not.toBeInTheDocument();
  });
});

describe('problem step: uploads', () => {
  function pendingUpload(api: ReturnType<typeof setupFlow>['api']) {
    const pending: { opts?: UploadProgressOptions; resolve: (v: UploadedFile[]) => void; reject: (e: unknown) => void } = {
      resolve: () => undefined,
      reject: () => undefined,
    };
    api.uploads.uploadRmaAttachments.mockImplementationOnce(
      (_files, opts) =>
        new Promise((resolve, reject) => {
          Object.assign(pending, { opts, resolve, reject });
          opts?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    return pending;
  }

  it('shows the progress of each file, then lists it with Remove', async () => {
    const { user, api } = await start();
    const pending = pendingUpload(api);

    await user.upload(await screen.findByLabelText('Add photos or videos'), image('crack.jpg'));
    await act(async () => pending.opts?.onProgress?.(0.4));
    expect(screen.getByRole('progressbar', { name: 'Uploading crack.jpg' })).toHaveAttribute('aria-valuenow', '40');
    expect(continueButton()).toHaveAttribute('aria-disabled', 'true');

    await act(async () => pending.resolve([{ originalname: 'crack.jpg', bucketFileName: 'rma/1-crack.jpg', cancellable: true }]));
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Remove crack.jpg' }));

    expect(api.uploads.removeRmaAttachment).toHaveBeenCalledWith('rma/1-crack.jpg');
    expect(screen.queryByText('crack.jpg')).not.toBeInTheDocument();
  });

  it("cancels an upload: 'Operation canceled by the user.'", async () => {
    const { user, api } = await start();
    pendingUpload(api);

    await user.upload(await screen.findByLabelText('Add photos or videos'), image('video.mp4', 'video/mp4'));
    await user.click(screen.getByRole('button', { name: 'Cancel upload of video.mp4' }));

    expect(await screen.findByText('Operation canceled by the user.')).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it("shows the server's message, which clears after 5 s", async () => {
    const { user, api } = await start();
    api.uploads.uploadRmaAttachments.mockRejectedValueOnce(new ApiError(413, { error: 'upload.tooLarge', message: 'crack.jpg is too large' }));

    await user.upload(await screen.findByLabelText('Add photos or videos'), image());
    expect(await screen.findByText('crack.jpg is too large')).toBeInTheDocument();

    await act(async () => jest.advanceTimersByTime(4_900));
    expect(screen.getByText('crack.jpg is too large')).toBeInTheDocument();
    await act(async () => jest.advanceTimersByTime(100));
    expect(screen.queryByText('crack.jpg is too large')).not.toBeInTheDocument();
  });

  it("says 'Error Uploading - Please Try Again' without a server message", async () => {
    const { user, api } = await start();
    api.uploads.uploadRmaAttachments.mockRejectedValueOnce(new ApiError(0, { error: 'network', message: 'offline' }));

    await user.upload(await screen.findByLabelText('Add photos or videos'), image());

    expect(await screen.findByText('Error Uploading - Please Try Again')).toBeInTheDocument();
  });

  it('checks count, type and size in the browser before sending', async () => {
    const { user, api } = await start({ applyAccept: false });
    const input = await screen.findByLabelText('Add photos or videos');

    await user.upload(input, ['1', '2', '3', '4', '5', '6'].map((n) => image(`${n}.jpg`)));
    expect(screen.getByText('Please choose up to 5 files at a time.')).toBeInTheDocument();
    await user.upload(input, image('notes.pdf', 'application/pdf'));
    expect(screen.getByText('notes.pdf is not an image or a video.')).toBeInTheDocument();
    await user.upload(input, image('long.mp4', 'video/mp4', 50 * 1024 * 1024 + 1));
    expect(screen.getByText('long.mp4 is larger than 50 MB.')).toBeInTheDocument();

    expect(api.uploads.uploadRmaAttachments).not.toHaveBeenCalled();
    expect(input).toHaveAttribute('accept', 'image/*,video/*');
  });

  it('sends each file in its own request', async () => {
    const { user, api } = await start();

    await user.upload(await screen.findByLabelText('Add photos or videos'), [image('a.jpg'), image('b.jpg')]);

    expect(await screen.findByRole('button', { name: 'Remove b.jpg' })).toBeInTheDocument();
    expect(api.uploads.uploadRmaAttachments).toHaveBeenCalledTimes(2);
    expect(screen.getByRole('button', { name: 'Remove a.jpg' })).toBeInTheDocument();
  });
});
