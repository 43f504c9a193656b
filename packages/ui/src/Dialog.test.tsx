import { fireEvent, screen } from '@testing-library/react';
import { Dialog } from './Dialog';
import { renderWithTheme } from './test-utils';

describe('Dialog', () => {
  it('is a named modal dialog whose close button has the focus', () => {
    renderWithTheme(
      <Dialog title="RMA-100501" closeLabel="Close" onClose={jest.fn()}>
        <p>Details</p>
      </Dialog>,
    );

    expect(screen.getByRole('dialog', { name: 'RMA-100501' })).toHaveAttribute('aria-modal', 'true');
    expect(screen.getByRole('button', { name: 'Close' })).toHaveFocus();
  });

  it('closes on Escape and on its close button', () => {
    const onClose = jest.fn();
    renderWithTheme(
      <Dialog title="RMA-100501" closeLabel="Close" onClose={onClose}>
        <p>Details</p>
      </Dialog>,
    );

    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));

    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it('keeps Tab inside the dialog', () => {
    renderWithTheme(
      <Dialog title="RMA-100501" closeLabel="Close" onClose={jest.fn()}>
        <button type="button">Repair Summary</button>
      </Dialog>,
    );

    const last = screen.getByRole('button', { name: 'Repair Summary' });
    last.focus();
    fireEvent.keyDown(last, { key: 'Tab' });
    expect(screen.getByRole('button', { name: 'Close' })).toHaveFocus();

    fireEvent.keyDown(screen.getByRole('button', { name: 'Close' }), { key: 'Tab', shiftKey: true });
    expect(last).toHaveFocus();
  });
});
