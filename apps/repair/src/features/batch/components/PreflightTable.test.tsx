import { fireEvent, render, screen, within } from '@testing-library/react';
import type { PreflightRow } from '@portal/api-client';
import { PortalThemeProvider } from '@portal/ui';
import { emptyRow, type PageRow } from '../model/rows';
import { PreflightTable } from './PreflightTable';

function rows(n: number): PageRow[] {
  return Array.from({ length: n }, (_, i) => {
    const serial = `RT${10001000 + i}`;
    const verdict: PreflightRow = { index: i, serial, ok: true, reasons: [], model: 'RL14', entitlement: 'IN_WARRANTY', price: null };
    return { key: i + 1, line: i + 2, values: { ...emptyRow, serial }, verdict };
  });
}

it('keeps 1,000 rows as plain cells: inputs exist only for the row being edited, named by column and row', () => {
  const onEdit = jest.fn();
  const onChange = jest.fn();
  const list = rows(1000);
  const table = (editing: number | null) => (
    <PortalThemeProvider>
      <PreflightTable rows={list} editing={editing} onEdit={onEdit} onChange={onChange} onRemove={jest.fn()} />
    </PortalThemeProvider>
  );
  const view = render(table(null));
  // Counted through the DOM: role queries over 1,000 rows would cost the test, not the page, seconds.
  expect(view.container.querySelectorAll('tbody tr')).toHaveLength(1000);
  expect(view.container.querySelectorAll('input, select, textarea')).toHaveLength(0);

  // fireEvent and selectors here: user-event's checks and role queries walk all 15,000 cells per step.
  fireEvent.click(view.container.querySelector('[aria-label="Edit row 1000"]')!);
  expect(onEdit).toHaveBeenCalledWith(1000);

  view.rerender(table(1000));
  expect(view.container.querySelectorAll('input')).toHaveLength(7);
  expect(view.container.querySelectorAll('select')).toHaveLength(1);
  const serial = view.container.querySelector('input[aria-label="Serial, row 1000"]')!;
  expect(serial).toHaveValue('RT10001999');
  fireEvent.change(serial, { target: { value: 'RT10000001' } });
  fireEvent.keyDown(serial, { key: 'Enter' });
  expect(onChange).toHaveBeenCalledWith(1000, { ...emptyRow, serial: 'RT10000001' });
}, 60_000);

it('shows a failing row’s reasons in the cells they concern, and the others in its check cell', () => {
  const [row] = rows(1);
  const failing: PageRow = {
    ...row!,
    values: { ...row!.values, fault: 'Smoke' },
    verdict: {
      ...row!.verdict!,
      ok: false,
      reasons: [
        { field: 'serial', message: 'Listed twice: rows 1 and 4' },
        { field: 'fault', message: 'Select a primary fault from the list' },
        { field: 'rows', message: 'Something of the whole row' },
      ],
    },
  };
  render(
    <PortalThemeProvider>
      <PreflightTable rows={[failing]} editing={null} onEdit={jest.fn()} onChange={jest.fn()} onRemove={jest.fn()} />
    </PortalThemeProvider>,
  );
  const cells = within(screen.getByRole('table')).getAllByRole('cell');
  expect(cells[0]).toHaveTextContent('✗FailsSomething of the whole row');
  expect(cells[1]).toHaveTextContent('RT10001000Listed twice: rows 1 and 4');
  expect(cells.find((cell) => cell.textContent?.startsWith('Smoke'))).toHaveTextContent('SmokeSelect a primary fault from the list');
});
