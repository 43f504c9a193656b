import { configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError, type AwaitingPartsOrder } from '@portal/api-client';
import { renderDesk } from '../../test/session';
import { ServiceDeskPartsOrdersPage } from './Page';

configure({ asyncUtilTimeout: 5_000 });

const order: AwaitingPartsOrder = {
  rmaBatchId: 'PB-900005',
  kind: 'parts',
  customer: 'Adam Price',
  company: 'Price Surveying',
  createdAt: '2026-03-02T09:00:00Z',
  total: { cents: 17800, currency: 'USD' },
  shipTo: 'Austin, TX, US',
  lines: [{ partNumber: 'VX12-BAT-STD', description: 'VX12 standard battery', quantity: 2 }],
};

function setup(shipPartsOrder: jest.Mock) {
  const user = userEvent.setup({ delay: null });
  renderDesk(<ServiceDeskPartsOrdersPage />, {
    path: '/service-desk/parts-orders',
    url: '/service-desk/parts-orders',
    depot: { partsOrders: jest.fn(async () => ({ items: [order], next: '' })), shipPartsOrder },
  });
  return { user };
}

describe('parts orders to ship', () => {
  it('lists what to pack and ships the order with its carrier and tracking number', async () => {
    const shipPartsOrder = jest.fn(async () => ({ rmaBatchId: 'PB-900005', status: 'SHIPPED', carrier: 'UPS', trackingNumber: '1Z999', shippedAt: '2026-03-03T09:00:00Z' }));
    const { user } = setup(shipPartsOrder);

    const card = await screen.findByRole('region', { name: 'PB-900005' });
    expect(card).toHaveTextContent('Adam Price, Price Surveying');
    expect(card).toHaveTextContent('$178.00');
    expect(within(card).getByRole('list', { name: 'Lines of PB-900005' })).toHaveTextContent('2 × VX12-BAT-STD VX12 standard battery');

    await user.type(within(card).getByRole('textbox', { name: 'Carrier of PB-900005' }), 'UPS');
    await user.type(within(card).getByRole('textbox', { name: 'Tracking number of PB-900005' }), '1Z999{Enter}');

    expect(await screen.findByText(/PB-900005 shipped with UPS, tracking number 1Z999/)).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'PB-900005' })).not.toBeInTheDocument();
    expect(shipPartsOrder).toHaveBeenCalledWith('PB-900005', { carrier: 'UPS', trackingNumber: '1Z999' });
  });

  it('asks for the carrier and tracking number, and shows a refusal in the API words', async () => {
    const shipPartsOrder = jest.fn(async () => {
      throw new ApiError(409, { error: 'parts.shippedAlready', message: 'This parts order has shipped already.' });
    });
    const { user } = setup(shipPartsOrder);

    const card = await screen.findByRole('region', { name: 'PB-900005' });
    await user.click(within(card).getByRole('button', { name: 'Ship' }));
    expect(within(card).getAllByText('Required')).toHaveLength(2);
    expect(shipPartsOrder).not.toHaveBeenCalled();

    await user.type(within(card).getByRole('textbox', { name: 'Carrier of PB-900005' }), 'UPS');
    await user.type(within(card).getByRole('textbox', { name: 'Tracking number of PB-900005' }), '1Z999{Enter}');
    expect(await within(card).findByRole('alert')).toHaveTextContent('This parts order has shipped already.');
  });
});
