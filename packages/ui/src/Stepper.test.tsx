import { screen, within } from '@testing-library/react';
import { Stepper } from './Stepper';
import { renderWithTheme } from './test-utils';

const steps = ['Problem Description', 'Contact Info', 'Packaging & Shipping'] as const;

describe('Stepper', () => {
  it('marks only the current step with aria-current="step"', () => {
    renderWithTheme(<Stepper steps={steps} current={2} label="Create RMA steps" />);

    const list = screen.getByRole('navigation', { name: 'Create RMA steps' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(items[1]).toHaveAttribute('aria-current', 'step');
    expect(items[1]).toHaveTextContent('Contact Info');
    expect(items[0]).not.toHaveAttribute('aria-current');
    expect(items[2]).not.toHaveAttribute('aria-current');
  });

  it('renders steps as text, not as links or buttons', () => {
    renderWithTheme(<Stepper steps={steps} current={1} />);

    expect(screen.queryByRole('link')).not.toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('tells assistive technology which steps are completed', () => {
    renderWithTheme(<Stepper steps={steps} current={3} />);

    const items = screen.getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Problem Description (completed)');
    expect(items[2]).not.toHaveTextContent('(completed)');
  });
});
