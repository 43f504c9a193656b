import { screen } from '@testing-library/react';
import { profile, renderRoute, sessionWith } from '@portal/forms/testing';
import { RecycleBatteryPage } from './Page';

describe('RecycleBatteryPage', () => {
  it('shows the certifications, the take-back contacts and the ticket form', async () => {
    renderRoute(<RecycleBatteryPage />, {
      path: '/recycle-battery',
      url: '/recycle-battery',
      session: sessionWith({ support: { myServiceSupportTickets: jest.fn(async () => []), createServiceSupportTicket: jest.fn() } }),
    });

    expect(await screen.findByRole('heading', { name: 'Battery recycling' })).toBeInTheDocument();
    expect(screen.getByText(/ISO 14001/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '1-800-555-0199' })).toHaveAttribute('href', 'tel:+18005550199');
    expect(screen.getByRole('link', { name: 'recycling@rugged.example' })).toHaveAttribute('href', 'mailto:recycling@rugged.example');
    expect(screen.getByRole('form', { name: 'Support ticket' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveValue(profile.email);
  });
});
