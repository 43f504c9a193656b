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

  it("names an option by its label and describes it by its description, not one run into the other", () => {
    renderWithTheme(
      <RadioGroup legend="Memory" name="upgrade" options={[{ value: 'a', label: '32 GB', description: 'Doubles the memory.' }]} value="" onChange={jest.fn()} />,
    );

    const radio = screen.getByRole('radio', { name: '32 GB' });
    expect(radio).toHaveAccessibleDescription('Doubles the memory.');
  });
});
