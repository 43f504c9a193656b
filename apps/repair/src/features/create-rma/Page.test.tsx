import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { VerifySerialResult } from '@portal/api-client';
import { fakeSession, renderRoute, unit, warrantyUnit } from '@portal/forms/testing';
import { confirmQuoteRoute } from '../../test/flow';
import { SERIAL_CHECK_DEBOUNCE_MS } from '@portal/forms/units';
import { CreateRmaPage } from './CreateRmaPage';

type Verify = jest.Mock<Promise<VerifySerialResult>, [string, { signal?: AbortSignal }?]>;

function setup(url = '/create-rma', answer: VerifySerialResult = { kind: 'found', unit: warrantyUnit }) {
  const verifySerial: Verify = jest.fn(async (_serial: string) => answer);
  const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
  renderRoute(<CreateRmaPage />, { path: '/create-rma/:serial?', url, session: fakeSession(verifySerial), routes: [confirmQuoteRoute] });
  const field = () => screen.getByRole('textbox', { name: 'Serial Number' });
  return { verifySerial, user, field };
}

async function settle() {
  await act(async () => {
    jest.advanceTimersByTime(SERIAL_CHECK_DEBOUNCE_MS);
  });
}

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

describe('create-rma step 1', () => {
  it('shows the five steps with Problem Description as the current one', () => {
    setup();

    const steps = within(screen.getByRole('navigation', { name: 'Create RMA steps' })).getAllByRole('listitem');
    expect(steps.map((s) => s.textContent)).toEqual([
      '1Problem Description',
      '2Contact Info',
      '3Packaging & Shipping',
      '4Confirm RMA',
      '5Download Label',
    ]);
    expect(steps[0]).toHaveAttribute('aria-current', 'step');
    expect(steps.filter((s) => s.getAttribute('aria-current') === 'step')).toHaveLength(1);
  });

  it('offers Continue, marked disabled while there is no valid unit', () => {
    setup();

    expect(screen.getByRole('button', { name: 'Continue' })).toHaveAttribute('aria-disabled', 'true');
  });

  it('does not check serials shorter than 9 characters', async () => {
    const { user, field, verifySerial } = setup();

    await user.type(field(), 'RT100000');
    await settle();

    expect(field()).toHaveValue('RT100000');
    expect(verifySerial).not.toHaveBeenCalled();
    expect(screen.queryByText('Serial Not Found')).not.toBeInTheDocument();
  });

  it('checks once, debounced, when the 9th character is typed', async () => {
    const { user, field, verifySerial } = setup();

    await user.type(field(), 'RT1000000');
    expect(verifySerial).not.toHaveBeenCalled();
    await settle();

    expect(verifySerial).toHaveBeenCalledTimes(1);
    expect(verifySerial).toHaveBeenCalledWith('RT1000000', expect.objectContaining({ signal: expect.any(AbortSignal) }));
  });

  it('upper-cases and trims what is typed and pasted', async () => {
    const { user, field, verifySerial } = setup();

    await user.type(field(), ' rt1000');
    await user.paste('0001  ');
    await settle();

    expect(field()).toHaveValue('RT10000001');
    expect(verifySerial).toHaveBeenLastCalledWith('RT10000001', expect.anything());
  });

  it('shows the checking state while the answer is pending', async () => {
    const { user, field } = setup();

    await user.type(field(), 'RT10000001');

    expect(field()).toHaveAccessibleDescription('Checking serial…');
  });

  it('hides the not-found icon at 9 characters and shows it from 10', async () => {
    const { user, field } = setup('/create-rma', { kind: '404' });

    await user.type(field(), 'ZZ9999999');
    await settle();
    expect(screen.queryByText('Serial Not Found')).not.toBeInTheDocument();
    expect(field()).toHaveAccessibleDescription('');

    await user.type(field(), '9');
    await settle();
    expect(screen.getByText('Serial Not Found')).toBeVisible();
    expect(field()).toHaveAccessibleDescription('Serial Not Found');
  });

  it('hides the not-valid icon at 9 characters and shows it from 10', async () => {
    const { user, field, verifySerial } = setup();
    verifySerial.mockImplementation(async (serial) => ({ kind: 'found', unit: unit({ serial, rmaExists: true, cardState: 'rma-exists' }) }));

    await user.type(field(), 'RT1000000');
    await settle();
    expect(screen.queryByText('Serial not valid for new RMA')).not.toBeInTheDocument();

    await user.type(field(), '1');
    await settle();
    expect(field()).toHaveAccessibleDescription('Serial not valid for new RMA');
  });

  it('shows the valid text as soon as a valid unit is found', async () => {
    const { user, field } = setup();

    await user.type(field(), 'RT10000001');
    await settle();

    expect(screen.getByText('Serial valid for new RMA!')).toBeVisible();
    expect(field()).toHaveAccessibleDescription('Serial valid for new RMA!');
  });

  it.each([
    ['an end-of-service unit', unit({ isEOS: true, cardState: 'end-of-service' })],
    ['an EX80', unit({ model: 'EX80' })],
    ['a unit the API rules out', unit({ validForNewRma: false })],
  ])('rules out %s', async (_name, found) => {
    const { user, field } = setup('/create-rma', { kind: 'found', unit: found });

    await user.type(field(), 'RT10000001');
    await settle();

    expect(field()).toHaveAccessibleDescription('Serial not valid for new RMA');
  });

  it('accepts an existing RMA when the out-of-warranty override is allowed', async () => {
    const { user, field } = setup('/create-rma', {
      kind: 'found',
      unit: unit({ rmaExists: true, allowOow: true, iw: false, cardState: 'out-of-warranty' }),
    });

    await user.type(field(), 'RT10000001');
    await settle();

    expect(field()).toHaveAccessibleDescription('Serial valid for new RMA!');
  });

  it('prefills the serial from the route and checks it', async () => {
    const { field, verifySerial } = setup('/create-rma/rt10000001');

    expect(field()).toHaveValue('RT10000001');
    await settle();

    expect(verifySerial).toHaveBeenCalledWith('RT10000001', expect.anything());
    expect(screen.getByRole('region', { name: 'RT10000001' })).toBeInTheDocument();
  });

  it('ignores an answer for a serial the user has typed past', async () => {
    const { user, field, verifySerial } = setup();
    let answerFirst: (value: VerifySerialResult) => void = () => undefined;
    verifySerial.mockImplementationOnce(() => new Promise((resolve) => (answerFirst = resolve)));

    await user.type(field(), 'RT10000001');
    await settle();
    await user.type(field(), '2');
    await act(async () => answerFirst({ kind: '404' }));

    expect(screen.queryByText('Serial Not Found')).not.toBeInTheDocument();
    await settle();
    expect(verifySerial).toHaveBeenLastCalledWith('RT100000012', expect.anything());
    expect(field()).toHaveAccessibleDescription('Serial valid for new RMA!');
  });

  it('says when the check itself failed', async () => {
    const { user, field, verifySerial } = setup();
    verifySerial.mockRejectedValueOnce(Object.assign(new Error('down'), { name: 'ApiError', status: 502, error: 'http.502', fields: {} }));

    await user.type(field(), 'RT10000001');
    await settle();

    expect(field()).toHaveAccessibleDescription('The serial number could not be checked right now. Please try again.');
    expect(field()).toHaveAttribute('aria-invalid', 'true');
  });

  it('falls back to the unknown image when the family image is missing', async () => {
    const { user, field } = setup('/create-rma', { kind: 'found', unit: unit({ modelFamily: 'Nomad' }) });

    await user.type(field(), 'RT10000001');
    await settle();

    const image = within(screen.getByRole('region', { name: 'RT10000001' })).getByRole('img');
    expect(image).toHaveAttribute('src', '/assets/units/nomad.svg');
    fireEvent.error(image);
    expect(image).toHaveAttribute('src', '/assets/units/unknown.svg');
  });
});
