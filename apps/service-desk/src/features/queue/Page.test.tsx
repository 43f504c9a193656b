import { configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError, type QueueItem } from '@portal/api-client';
import { renderDesk } from '../../test/session';
import { ServiceDeskQueuePage } from './Page';

configure({ asyncUtilTimeout: 5_000 });

const item = (over: Partial<QueueItem> = {}): QueueItem => ({
  rmaNumber: 'RMA-100501',
  serial: 'RT10000001',
  model: 'RL14',
  rmaType: 'REPAIR',
  status: 'AWAITING_UNIT',
  warrantyType: 'STANDARD',
  customer: 'Casey Morgan',
  createdAt: '2026-03-01T09:00:00Z',
  receivedAt: null,
  ageSince: '2026-03-01T09:00:00Z',
  promisedShipDate: null,
  breached: false,
  ...over,
});

function setup(queue: jest.Mock) {
  const user = userEvent.setup({ delay: null });
  const view = renderDesk(<ServiceDeskQueuePage />, { path: '/service-desk', url: '/service-desk', depot: { queue } });
  return { user, ...view };
}

describe('service desk queue', () => {
  it('lists the queue with its columns and the breach marker, the search box focused for a scanner', async () => {
    const queue = jest.fn(async () => ({
      items: [item(), item({ rmaNumber: 'RMA-100502', serial: 'RT10000002', status: 'RECEIVED', promisedShipDate: '2026-03-10', breached: true })],
      next: '',
    }));
    setup(queue);

    const table = await screen.findByRole('table', { name: 'RMAs in the queue, oldest first' });
    expect(screen.getByRole('textbox', { name: 'Serial or RMA number' })).toHaveFocus();
    const late = within(table).getByRole('row', { name: /RMA-100502/ });
    expect(late).toHaveTextContent('RT10000002');
    expect(late).toHaveTextContent('Received');
    expect(late).toHaveTextContent('Mar 10 2026');
    expect(late).toHaveTextContent('Late');
    expect(within(table).getByRole('row', { name: /RMA-100501/ })).toHaveTextContent('On time');
    // A technician's menu has no lead overview: the host would refuse it.
    const menu = screen.getByRole('navigation', { name: 'Service desk' });
    expect(within(menu).getByRole('link', { name: 'Parts orders' })).toBeInTheDocument();
    expect(within(menu).queryByRole('link', { name: 'Lead overview' })).not.toBeInTheDocument();
  });

  it('opens the work page when a scanned serial and Enter match exactly one RMA', async () => {
    const queue = jest.fn(async (query?: { q?: string }) => ({ items: query?.q ? [item()] : [item(), item({ rmaNumber: 'RMA-100502' })], next: '' }));
    const { user, router } = setup(queue);
    await screen.findByRole('table');

    await user.type(screen.getByRole('textbox', { name: 'Serial or RMA number' }), 'RT10000001{Enter}');

    expect(await screen.findByRole('heading', { name: 'Work page' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/service-desk/rma/RMA-100501');
    expect(queue).toHaveBeenLastCalledWith({ q: 'RT10000001' }, expect.anything());
  });

  it('says so when a scan matches nothing, and stays on the queue', async () => {
    const queue = jest.fn(async (query?: { q?: string }) => ({ items: query?.q ? [] : [item()], next: '' }));
    const { user, router } = setup(queue);
    await screen.findByRole('table');

    await user.type(screen.getByRole('textbox', { name: 'Serial or RMA number' }), 'RT404{Enter}');

    expect(await screen.findByText('No RMA in the queue matches RT404.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/service-desk');
  });

  it('filters by status, model and warranty type, and pages on with the keyset cursor', async () => {
    const queue = jest.fn(async (query?: { after?: string }) => ({ items: [item({ rmaNumber: query?.after ? 'RMA-100600' : 'RMA-100501' })], next: query?.after ? '' : 'cursor-1' }));
    const { user } = setup(queue);
    await screen.findByRole('table');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'RECEIVED');
    await user.type(screen.getByRole('textbox', { name: 'Model' }), 'RL14');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Warranty type' }), 'EXTENDED');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await screen.findByRole('button', { name: 'Next page' });
    expect(queue).toHaveBeenLastCalledWith({ status: 'RECEIVED', model: 'RL14', warrantyType: 'EXTENDED' }, expect.anything());

    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(await screen.findByRole('link', { name: 'RMA-100600' })).toBeInTheDocument();
    expect(queue).toHaveBeenLastCalledWith({ status: 'RECEIVED', model: 'RL14', warrantyType: 'EXTENDED', after: 'cursor-1' }, expect.anything());
  });

  it("shows the API's field message for a search it refuses", async () => {
    const queue = jest.fn(async (query?: { q?: string }) => {
      if (query?.q) throw new ApiError(400, { error: 'validation', message: 'Check the fields', fields: { search: 'At most 40 characters' } });
      return { items: [item()], next: '' };
    });
    const { user } = setup(queue);
    await screen.findByRole('table');

    await user.type(screen.getByRole('textbox', { name: 'Serial or RMA number' }), 'X'.repeat(41) + '{Enter}');

    expect(await screen.findByText('At most 40 characters')).toBeInTheDocument();
  });
});
