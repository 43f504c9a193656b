import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ApiClient, Me, TicketResult } from '@portal/api-client';
import { SessionProvider, type Session, type SessionState } from '@portal/auth';
import { PortalThemeProvider } from '@portal/ui';
import { maskTicketPhone, validateTicket, emptyTicket, toTicketInput } from '../ticket';
import { SupportTicketForm, SupportTicketSignIn } from './SupportTicketForm';

const me: Me = {
  sub: 'u1',
  email: 'casey@example.com',
  firstName: 'Casey',
  lastName: 'Morgan',
  company: '',
  position: '',
  phone: '5125550142',
  phoneCountryCode: 'US',
  address: null,
  roles: [],
  org: null,
  flags: { rma: { flatDiscountPercentage: 0 } },
};

function setup(state: SessionState, create = jest.fn(async (): Promise<TicketResult> => ({ success: true, error: null, uid: 'TCK-1001', complete: true }))) {
  const signIn = jest.fn();
  const api = { support: { createServiceSupportTicket: create, myServiceSupportTickets: jest.fn(async () => []) } };
  const session = { api: api as unknown as ApiClient, getState: () => state, subscribe: () => () => undefined, signIn } as unknown as Session;
  render(
    <PortalThemeProvider>
      <SessionProvider session={session}>
        <SupportTicketForm />
      </SessionProvider>
    </PortalThemeProvider>,
  );
  return { api, signIn, user: userEvent.setup() };
}

const signedIn: SessionState = { status: 'signed-in', profile: me, roles: [] };

async function fillRest(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByRole('textbox', { name: 'Subject' }), 'Screen flickers');
  await user.type(screen.getByRole('textbox', { name: 'Description' }), 'After sleep.');
  await user.selectOptions(screen.getByRole('combobox', { name: 'Case Type' }), 'Hardware');
}

describe('ticket rules', () => {
  it('masks the phone as (###)###-####', () => {
    expect(maskTicketPhone('5125550142')).toBe('(512)555-0142');
    expect(maskTicketPhone('512')).toBe('(512');
    expect(maskTicketPhone('51255')).toBe('(512)55');
    expect(maskTicketPhone('a5b1 2-5550142999')).toBe('(512)555-0142');
  });

  it('requires names, email, phone, subject, description and case type', () => {
    expect(validateTicket(emptyTicket)).toEqual({
      firstName: 'Required',
      lastName: 'Required',
      email: 'Required',
      phone: 'Required',
      subject: 'Required',
      description: 'Required',
      caseType: 'Required',
    });
  });

  it("says 'Input length too long' past each limit", () => {
    const long = (n: number) => 'x'.repeat(n + 1);
    const errors = validateTicket({
      firstName: long(100),
      lastName: long(100),
      email: `${'a'.repeat(45)}@example.com`,
      phone: '(512)555-0142',
      subject: long(80),
      description: 'ok',
      caseType: 'Quote',
      model: long(30),
      serial: long(50),
    });
    expect(errors).toEqual({
      firstName: 'Input length too long',
      lastName: 'Input length too long',
      email: 'Input length too long',
      subject: 'Input length too long',
      model: 'Input length too long',
      serial: 'Input length too long',
    });
  });

  it('checks the e-mail and a complete phone', () => {
    const errors = validateTicket({ ...emptyTicket, email: 'nope', phone: '(512)55' });
    expect(errors.email).toBe('Must be a valid e-mail address');
    expect(errors.phone).toBe('Invalid Format or Number');
  });

  it('sends name as first plus last, trimmed, without empty optionals', () => {
    expect(
      toTicketInput({ ...emptyTicket, firstName: ' Casey ', lastName: 'Morgan ', email: ' c@x.io', phone: '(512)555-0142', subject: ' S ', description: ' D ', caseType: 'Software', model: ' ' }),
    ).toEqual({ name: 'Casey Morgan', emailAddress: 'c@x.io', phone: '(512)555-0142', subject: 'S', description: 'D', caseType: 'Software' });
  });
});

describe('SupportTicketForm', () => {
  it('tells signed-out visitors to sign in, and offers it', async () => {
    const { signIn, user } = setup({ status: 'signed-out' });

    expect(screen.queryByRole('form', { name: 'Support ticket' })).not.toBeInTheDocument();
    expect(screen.getByText(/Please sign in to raise a support ticket/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Sign in to raise a ticket' }));
    expect(signIn).toHaveBeenCalled();
  });

  it('exports the sign-in state for public pages', () => {
    setup({ status: 'signed-out' });
    render(
      <PortalThemeProvider>
        <SessionProvider session={{ getState: () => ({ status: 'signed-out' }), subscribe: () => () => undefined } as unknown as Session}>
          <SupportTicketSignIn />
        </SessionProvider>
      </PortalThemeProvider>,
    );
    expect(screen.getAllByRole('button', { name: 'Sign in to raise a ticket' })).toHaveLength(2);
  });

  it('prefills names, e-mail and the masked phone from the profile', () => {
    setup(signedIn);

    expect(screen.getByRole('textbox', { name: 'First Name' })).toHaveValue('Casey');
    expect(screen.getByRole('textbox', { name: 'Last Name' })).toHaveValue('Morgan');
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveValue('casey@example.com');
    expect(screen.getByRole('textbox', { name: 'Phone' })).toHaveValue('(512)555-0142');
  });

  it('prefills a profile phone in international form as its national digits', async () => {
    setup({ ...signedIn, profile: { ...me, phone: '+15125550142' } });
    const phone = screen.getByRole('textbox', { name: 'Phone' });
    await waitFor(() => expect(phone).toHaveValue('(512)555-0142'));
  });

  it('shows every message and sends nothing while the form is invalid', async () => {
    const { api, user } = setup(signedIn);

    const submit = screen.getByRole('button', { name: 'Create ticket' });
    expect(submit).toHaveAttribute('aria-disabled', 'true');
    await user.click(submit);

    expect(within(screen.getByRole('form', { name: 'Support ticket' })).getAllByText('Required')).toHaveLength(3);
    expect(api.support.createServiceSupportTicket).not.toHaveBeenCalled();
  });

  it('goes started → processing → complete → started and says the ticket was created, in green', async () => {
    let answer: (r: TicketResult) => void = () => undefined;
    const create = jest.fn(() => new Promise<TicketResult>((resolve) => (answer = resolve)));
    const { user } = setup(signedIn, create);
    const form = screen.getByRole('form', { name: 'Support ticket' });
    expect(form).toHaveAttribute('data-state', '0');

    await fillRest(user);
    await user.click(screen.getByRole('button', { name: 'Create ticket' }));
    expect(form).toHaveAttribute('data-state', '1');
    expect(screen.getByRole('button', { name: 'Create ticket' })).toHaveAttribute('aria-busy', 'true');

    await act(async () => answer({ success: true, error: null, uid: 'TCK-1001', complete: true }));

    expect(await screen.findByText('Ticket TCK-1001 has been created successfully')).toBeInTheDocument();
    await waitFor(() => expect(form).toHaveAttribute('data-state', '0'));
    expect(create).toHaveBeenCalledWith({
      name: 'Casey Morgan',
      emailAddress: 'casey@example.com',
      phone: '(512)555-0142',
      subject: 'Screen flickers',
      description: 'After sleep.',
      caseType: 'Hardware',
    });
    expect(screen.getByRole('textbox', { name: 'Subject' })).toHaveValue('');
  });

  it("shows 'Failed to create ticket: {error}' when the server refuses", async () => {
    const { user } = setup(signedIn, jest.fn(async () => ({ success: false, error: 'Input length too long', uid: null, complete: null })));

    await fillRest(user);
    await user.click(screen.getByRole('button', { name: 'Create ticket' }));

    expect(await screen.findByText('Failed to create ticket: Input length too long')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Subject' })).toHaveValue('Screen flickers');
  });
});
