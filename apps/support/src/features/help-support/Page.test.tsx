import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError, type ApiClient } from '@portal/api-client';
import type { Session } from '@portal/auth';
import { profile, renderRoute, sessionWith } from '@portal/forms/testing';

const completeRoute = { path: '/help-support/complete', element: <h1>Thanks</h1> };
import { AuthHelpAndSupportPage } from '../auth-help-and-support/Page';
import { HelpSupportPage } from './Page';

function signedOut(api: Partial<ApiClient>): Session {
  const s = sessionWith(api);
  const state = { status: 'signed-out' } as const;
  return { ...s, getState: () => state } as unknown as Session;
}

function setup({ send = jest.fn(async () => ({ success: true })), session }: { send?: jest.Mock; session?: (api: object) => Session } = {}) {
  const api = { support: { sendContactForm: send, myServiceSupportTickets: jest.fn(async () => []), createServiceSupportTicket: jest.fn() } };
  const view = renderRoute(<HelpSupportPage />, {
    path: '/help-support',
    url: '/help-support',
    session: (session ?? sessionWith)(api),
    routes: [completeRoute],
  });
  return { api, user: userEvent.setup(), ...view };
}

async function fill(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByRole('textbox', { name: 'First Name' }), ' Casey ');
  await user.type(screen.getByRole('textbox', { name: 'Last Name' }), 'Morgan');
  await user.type(screen.getByRole('textbox', { name: 'Email' }), 'casey@example.com');
  await user.type(screen.getByRole('textbox', { name: 'Subject' }), 'Drivers');
  await user.selectOptions(screen.getByRole('combobox', { name: 'Primary Fault' }), 'Software or settings problem');
  await user.type(screen.getByRole('textbox', { name: 'Description' }), 'Where are they?');
}

const contactForm = () => screen.getByRole('form', { name: 'Contact form' });

describe('help-support', () => {
  it('sends the contact form and goes to help-support/complete', async () => {
    const { user, api, router } = setup({ session: signedOut });
    await fill(user);
    await user.click(within(contactForm()).getByRole('button', { name: 'Send message' }));

    expect(await screen.findByRole('heading', { name: 'Thanks' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/help-support/complete');
    expect(api.support.sendContactForm).toHaveBeenCalledWith({
      firstName: 'Casey',
      lastName: 'Morgan',
      email: 'casey@example.com',
      phone: '',
      company: '',
      subject: 'Drivers',
      primaryFault: 'software',
      desc: 'Where are they?',
    });
  });

  it('shows the failure message and the server field messages', async () => {
    const send = jest.fn(async () => {
      throw new ApiError(400, { error: 'validation', message: 'invalid', fields: { subject: 'Must be less than 81 characters' } });
    });
    const { user } = setup({ send, session: signedOut });
    await fill(user);
    await user.click(within(contactForm()).getByRole('button', { name: 'Send message' }));

    expect(await screen.findByText('Error submitting form. Please try again.')).toBeInTheDocument();
    expect(screen.getByText('Must be less than 81 characters')).toBeInTheDocument();
  });

  it('shows the rules and sends nothing while invalid', async () => {
    const { user, api } = setup({ session: signedOut });
    await user.click(within(contactForm()).getByRole('button', { name: 'Send message' }));

    expect(within(contactForm()).getAllByText('Required').length).toBeGreaterThanOrEqual(5);
    expect(api.support.sendContactForm).not.toHaveBeenCalled();
  });

  it('tells signed-out visitors to sign in for a ticket', () => {
    setup({ session: signedOut });
    expect(screen.getByText(/Please sign in to raise a support ticket/)).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Support ticket' })).not.toBeInTheDocument();
  });

  it('gives signed-in users the ticket form', () => {
    setup();
    expect(screen.getByRole('form', { name: 'Support ticket' })).toBeInTheDocument();
  });
});

describe('auth-help-and-support', () => {
  it('prefills the ticket form from /me', () => {
    renderRoute(<AuthHelpAndSupportPage />, {
      routes: [completeRoute],
      path: '/auth-help-and-support',
      url: '/auth-help-and-support',
      session: sessionWith({ support: { myServiceSupportTickets: jest.fn(async () => [{ uid: 'TCK-7', subject: 'S', caseType: 'Quote', status: 'open', createdAt: '' }]), createServiceSupportTicket: jest.fn() } } as never),
    });
    expect(screen.getByRole('textbox', { name: 'First Name' })).toHaveValue(profile.firstName);
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveValue(profile.email);
  });
});

