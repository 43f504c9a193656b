import { useReducer } from 'react';
import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PreflightRow, RepairSelection } from '@portal/api-client';
import { PortalThemeProvider } from '@portal/ui';
import { batchMachine, initialBatchState, type RowDraft } from '../model/machine';
import { emptyRow, type PageRow } from '../model/rows';
import { PreflightTable } from './PreflightTable';

function rows(n: number): PageRow[] {
  return Array.from({ length: n }, (_, i) => {
    const serial = `RT${10001000 + i}`;
    const verdict: PreflightRow = { index: i, serial, ok: true, reasons: [], model: 'RL14', entitlement: 'IN_WARRANTY', price: null };
    return { key: i + 1, values: { ...emptyRow, serial }, verdict };
  });
}

it('keeps 1,000 rows as plain cells: inputs exist only for the row being edited, named by column and row', () => {
  const onEdit = jest.fn();
  const onDraft = jest.fn();
  const onDone = jest.fn();
  const list = rows(1000);
  const table = (editing: RowDraft | null) => (
    <PortalThemeProvider>
      <PreflightTable
        rows={list}
        editing={editing}
        faults={new Map()}
        onEdit={onEdit}
        onDraft={onDraft}
        onDone={onDone}
        onCancel={jest.fn()}
        onRemove={jest.fn()}
      />
    </PortalThemeProvider>
  );
  const view = render(table(null));
  // Counted through the DOM: role queries over 1,000 rows would cost the test, not the page, seconds.
  expect(view.container.querySelectorAll('tbody tr')).toHaveLength(1000);
  expect(view.container.querySelectorAll('input, select, textarea')).toHaveLength(0);

  // fireEvent and selectors here: user-event's checks and role queries walk all 15,000 cells per step.
  fireEvent.click(view.container.querySelector('[aria-label="Edit row 1000"]')!);
  expect(onEdit).toHaveBeenCalledWith(1000);

  view.rerender(table({ key: 1000, values: list[999]!.values }));
  expect(view.container.querySelectorAll('input')).toHaveLength(7);
  expect(view.container.querySelectorAll('select')).toHaveLength(1);
  const serial = view.container.querySelector('input[aria-label="Serial, row 1000"]')!;
  expect(serial).toHaveValue('RT10001999');
  fireEvent.change(serial, { target: { value: 'RT10000001' } });
  expect(onDraft).toHaveBeenCalledWith({ ...emptyRow, serial: 'RT10000001' });
  fireEvent.keyDown(serial, { key: 'Enter' });
  expect(onDone).toHaveBeenCalled();
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
      <PreflightTable
        rows={[failing]}
        editing={null}
        faults={new Map()}
        onEdit={jest.fn()}
        onDraft={jest.fn()}
        onDone={jest.fn()}
        onCancel={jest.fn()}
        onRemove={jest.fn()}
      />
    </PortalThemeProvider>,
  );
  const cells = within(screen.getByRole('table')).getAllByRole('cell');
  expect(cells[0]).toHaveTextContent('✗FailsSomething of the whole row');
  expect(cells[1]).toHaveTextContent('RT10001000Listed twice: rows 1 and 4');
  expect(cells.find((cell) => cell.textContent?.startsWith('Smoke'))).toHaveTextContent('SmokeSelect a primary fault from the list');
});

const FAULTS: RepairSelection[] = [
  { name: 'Display', options: [{ name: 'Cracked screen', price: { cents: 26010, currency: 'USD' }, tip: '' }] },
  {
    name: 'Battery / Power',
    options: [
      { name: 'Battery does not hold a charge', price: { cents: 9000, currency: 'USD' }, tip: '' },
      { name: 'Does not power on', price: { cents: 12000, currency: 'USD' }, tip: '' },
    ],
  },
] as RepairSelection[];

/** The table on the page's machine, as the pre-flight step wires it. */
function Wired({ initial }: { initial: PageRow[] }) {
  const [state, dispatch] = useReducer(batchMachine, undefined, () => ({ ...initialBatchState(), rows: initial, nextKey: initial.length + 1 }));
  return (
    <PreflightTable
      rows={state.rows}
      editing={state.editing}
      faults={new Map([['RL14', FAULTS]])}
      onEdit={(key) => dispatch({ type: 'editStart', key })}
      onDraft={(values) => dispatch({ type: 'editDraft', values })}
      onDone={() => dispatch({ type: 'editDone' })}
      onCancel={() => dispatch({ type: 'editCancel' })}
      onRemove={(key) => dispatch({ type: 'remove', key })}
    />
  );
}

function failingOn(row: PageRow, field: string, message: string): PageRow {
  return { ...row, values: { ...row.values, fault: 'Smoke' }, verdict: { ...row.verdict!, ok: false, reasons: [{ field, message }] } };
}

it('offers the model’s faults, then the chosen fault’s problems, and describes an invalid cell by its reason', async () => {
  const user = userEvent.setup();
  const [row] = rows(1);
  render(
    <PortalThemeProvider>
      <Wired initial={[failingOn(row!, 'fault', 'Select a primary fault from the list')]} />
    </PortalThemeProvider>,
  );
  await user.click(screen.getByRole('button', { name: 'Edit row 1' }));

  const fault = screen.getByRole('combobox', { name: 'Fault, row 1' });
  expect(fault).toHaveAccessibleDescription('Select a primary fault from the list');
  expect(within(fault).getAllByRole('option').map((o) => o.textContent)).toEqual(['Choose a fault', 'Smoke', 'Display', 'Battery / Power']);
  const problem = screen.getByRole('combobox', { name: 'Problem, row 1' });
  expect(within(problem).getAllByRole('option').map((o) => o.textContent)).toEqual(['Choose a problem']);

  await user.selectOptions(fault, 'Battery / Power');
  expect(within(problem).getAllByRole('option').map((o) => o.textContent)).toEqual([
    'Choose a problem',
    'Battery does not hold a charge',
    'Does not power on',
  ]);
  await user.selectOptions(problem, 'Does not power on');
  await user.click(screen.getByRole('button', { name: 'Done' }));
  const cells = within(screen.getByRole('table')).getAllByRole('cell');
  expect(cells.map((c) => c.textContent)).toEqual(expect.arrayContaining(['Battery / Power', 'Does not power on']));
});

it('gives the focus back to the row’s Edit after Done and Cancel, and to the next row’s after Remove', async () => {
  const user = userEvent.setup();
  render(
    <PortalThemeProvider>
      <Wired initial={rows(3)} />
    </PortalThemeProvider>,
  );
  await user.click(screen.getByRole('button', { name: 'Edit row 2' }));
  expect(screen.getByRole('textbox', { name: 'Serial, row 2' })).toHaveFocus();
  await user.click(screen.getByRole('button', { name: 'Done' }));
  expect(screen.getByRole('button', { name: 'Edit row 2' })).toHaveFocus();

  await user.click(screen.getByRole('button', { name: 'Edit row 2' }));
  await user.keyboard('{Escape}');
  expect(screen.getByRole('button', { name: 'Edit row 2' })).toHaveFocus();

  await user.click(screen.getByRole('button', { name: 'Remove row 2' }));
  // The rows keep their numbers: row 3 is still row 3.
  expect(screen.getByRole('button', { name: 'Edit row 3' })).toHaveFocus();
  await user.click(screen.getByRole('button', { name: 'Remove row 3' }));
  expect(screen.getByRole('button', { name: 'Edit row 1' })).toHaveFocus();
  await user.click(screen.getByRole('button', { name: 'Remove row 1' }));
  expect(screen.getByText('The units of the batch, each checked as one RMA would be')).toHaveFocus();
});
