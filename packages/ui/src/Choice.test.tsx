import { screen } from '@testing-library/react';
import { RadioGroup } from './Choice';
import { renderWithTheme } from './test-utils';

describe('RadioGroup', () => {
  const options = [
    { value: 'a', label: 'Credit Card' },
    { value: 'b', label: 'PO' },
  ] as const;

  it('is a group named by its legend by default', () => {
    renderWithTheme(<RadioGroup legend="Answer" name="answer" options={options} value="a" onChange={jest.fn()} />);

    expect(screen.getByRole('group', { name: 'Answer' })).toBeInTheDocument();
  });

  it("can be a radiogroup named by its legend", () => {
    renderWithTheme(<RadioGroup legend="Payment Method" name="method" role="radiogroup" options={options} value="b" onChange={jest.fn()} />);

    const group = screen.getByRole('radiogroup', { name: 'Payment Method' });
    expect(group).toContainElement(screen.getByRole('radio', { name: 'PO' }));
    expect(screen.getByRole('radio', { name: 'PO' })).toBeChecked();
  });
});
