import { configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { lena, renderDesk } from '../../test/session';
import { ServiceDeskLeadPage } from './Page';

configure({ asyncUtilTimeout: 5_000 });

const entry = (id: number) => ({
  id,
  at: '2026-03-02T10:00:00Z',
  actor: 'usr_tariq',
  actorEmail: 'tariq@rugged.example',
  action: 'receive',
  rmaNumber: `RMA-1005${String(id).padStart(2, '0')}`,
  orderNumber: '',
  from: 'AWAITING_UNIT',
  to: 'RECEIVED',
  detail: 'Serial RT10000001 scanned, 1 photo(s)',
});

/** A parts order's shipment: the audit names the order, not an RMA. */
const orderShipped = { ...entry(9), action: 'partsOrder.ship', rmaNumber: '', orderNumber: 'PB-000101', from: 'PLACED', to: 'SHIPPED', detail: 'UPS, tracking 1Z999' };

describe("the lead's overview", () => {
  it('shows the backlog per status with its breaches, the turnaround, the flagged units and the audit, paged', async () => {
    const audit = jest.fn(async (page?: { after?: string }) => (page?.after ? { items: [entry(2)], next: '' } : { items: [entry(1), orderShipped], next: 'c1' }));
    const user = userEvent.setup({ delay: null });
    renderDesk(<ServiceDeskLeadPage />, {
      path: '/service-desk/lead',
      url: '/service-desk/lead',
      me: lena,
      depot: {
        backlog: jest.fn(async () => [{ status: 'RECEIVED', count: 3, oldestCreatedAt: '2026-03-01T09:00:00Z', breached: 1 }]),
        flags: jest.fn(async () => [
          { kind: 'SERIAL_MISMATCH' as const, rmaNumber: 'RMA-100501', serial: 'RT99999999', expectedSerial: 'RT10000001', detail: '', actor: 'tariq@rugged.example', at: '2026-03-02T09:00:00Z' },
        ]),
        audit,
        turnaround: jest.fn(async () => ({
          since: '2026-09-01T10:00:00Z',
          days: 90,
          overall: { count: 2, p50Days: 3, p90Days: 5 },
          byModel: [{ model: 'RL14', count: 2, p50Days: 3, p90Days: 5 }],
          byWarrantyType: [{ warrantyType: 'STANDARD', count: 2, p50Days: 3, p90Days: 5 }],
          rows: [{ model: 'RL14', warrantyType: 'STANDARD', count: 2, p50Days: 3, p90Days: 5.5 }],
        })),
      },
    });

    const backlog = await screen.findByRole('table', { name: 'Backlog' });
    expect(within(backlog).getByRole('row', { name: /Received/ })).toHaveTextContent('Received3Mar 1 20261');
    expect(await screen.findByRole('table', { name: 'Flagged units' })).toHaveTextContent('Serial mismatch');
    const turnaround = await screen.findByRole('table', { name: 'Turnaround' });
    expect(within(turnaround).getByRole('row', { name: /RL14/ })).toHaveTextContent('Standard23.0 d5.5 d');
    expect(screen.getByText(/2 in all, p50 3.0 d, p90 5.0 d/)).toBeInTheDocument();
    const auditTable = await screen.findByRole('table', { name: 'Audit' });
    expect(auditTable).toHaveTextContent('RMA-100501');
    expect(within(auditTable).getByRole('row', { name: /partsOrder.ship/ })).toHaveTextContent('PB-000101');
    expect(screen.getByRole('link', { name: 'Lead overview' })).toHaveAttribute('aria-current', 'page');

    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(await screen.findByText('RMA-100502')).toBeInTheDocument();
    expect(audit).toHaveBeenLastCalledWith({ after: 'c1' }, expect.anything());
  });
});
