import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError, type BatchClient, type BatchListItem, type BatchPage } from '@portal/api-client';
import { renderRoute, sessionWith } from '@portal/forms/testing';
import { BATCH_COPY } from './copy';
import { BATCHES_PAGE_SIZE, BatchesPage } from './ListPage';

const client = {} as jest.Mocked<BatchClient>;

const item = (overrides: Partial<BatchListItem> = {}): BatchListItem => ({
  id: 'BT-7K2M9Q4X',
  createdAt: '2026-11-20T10:00:00Z',
  createdBy: 'Olivia Reyes',
  mine: true,
  status: 'COMPLETED',
  rows: 25,
  created: 21,
  failed: 2,
  total: '1234.50',
  ...overrides,
});

function setup(listBatches: BatchClient['listBatches']) {
  client.listBatches = jest.fn(listBatches);
  renderRoute(<BatchesPage />, { path: '/your-account/batches', url: '/your-account/batches', session: sessionWith({ batch: client }) });
  return { user: userEvent.setup() };
}

describe('batches list', () => {
  it('lists own and organization batches newest first, each linking to its page', async () => {
    setup(async () => ({ items: [item(), item({ id: 'BT-SAVED234', mine: false, createdBy: 'Diego Park', status: 'AWAITING_PAYMENT' })], hasNext: false, endCursor: 'c2' }));

    const table = await screen.findByRole('table', { name: 'Batches' });
    const rows = within(table).getAllByRole('row');
    expect(within(rows[1] as HTMLElement).getByRole('link', { name: 'BT-7K2M9Q4X' })).toHaveAttribute('href', '/your-account/batches/BT-7K2M9Q4X');
    expect(rows[1]).toHaveTextContent('You');
    expect(rows[1]).toHaveTextContent('Completed');
    expect(rows[1]).toHaveTextContent('$1,234.50');
    expect(rows[2]).toHaveTextContent('Diego Park');
    expect(within(rows[2] as HTMLElement).getByText('Organization')).toBeInTheDocument();
    expect(rows[2]).toHaveTextContent('Awaiting payment');
    expect(client.listBatches).toHaveBeenCalledWith({ first: BATCHES_PAGE_SIZE, after: undefined }, expect.anything());
    expect(screen.queryByRole('navigation', { name: 'Batches pages' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: BATCH_COPY.createBatch })).toHaveAttribute('href', '/create-rma/batch');
  });

  it('pages forward by the cursor and back the way it came', async () => {
    const pages: Record<string, BatchPage> = {
      '': { items: [item()], hasNext: true, endCursor: 'c1' },
      c1: { items: [item({ id: 'BT-0LDER000' })], hasNext: false, endCursor: 'c2' },
    };
    const { user } = setup(async (page) => pages[page?.after ?? ''] as BatchPage);

    await screen.findByRole('link', { name: 'BT-7K2M9Q4X' });
    expect(screen.getByRole('button', { name: BATCH_COPY.previousPage })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: BATCH_COPY.nextPage }));

    expect(await screen.findByRole('link', { name: 'BT-0LDER000' })).toBeInTheDocument();
    expect(client.listBatches).toHaveBeenLastCalledWith({ first: BATCHES_PAGE_SIZE, after: 'c1' }, expect.anything());
    expect(screen.getByText('Page 2')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: BATCH_COPY.nextPage })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: BATCH_COPY.previousPage }));
    expect(await screen.findByRole('link', { name: 'BT-7K2M9Q4X' })).toBeInTheDocument();
  });

  it('says when there are no batches', async () => {
    setup(async () => ({ items: [], hasNext: false, endCursor: '' }));

    expect(await screen.findByText(BATCH_COPY.none)).toBeInTheDocument();
  });

  it('offers to load again when the list fails', async () => {
    const { user } = setup(async () => {
      throw new ApiError(0, { error: 'network', message: 'offline' });
    });

    expect(await screen.findByText(BATCH_COPY.listFailed)).toBeInTheDocument();
    client.listBatches.mockResolvedValue({ items: [item()], hasNext: false, endCursor: 'c1' });
    await user.click(screen.getByRole('button', { name: /again/i }));

    await waitFor(() => expect(screen.getByRole('link', { name: 'BT-7K2M9Q4X' })).toBeInTheDocument());
  });
});
