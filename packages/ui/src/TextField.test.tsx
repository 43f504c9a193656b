import { screen } from '@testing-library/react';
import { TextField } from './TextField';
import { renderWithTheme } from './test-utils';

describe('TextField', () => {
  it('labels the input', () => {
    renderWithTheme(<TextField label="Serial Number" defaultValue="" />);

    expect(screen.getByRole('textbox', { name: 'Serial Number' })).toBeInTheDocument();
  });

  it('marks the input invalid and describes it with the error', () => {
    renderWithTheme(<TextField label="Reference Id" error="Required" defaultValue="" />);

    const input = screen.getByRole('textbox', { name: 'Reference Id' });
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('Required');
  });

  it('puts the live status into the accessible description', () => {
    renderWithTheme(<TextField label="Serial Number" status="Serial Not Found" defaultValue="" />);

    expect(screen.getByRole('textbox', { name: 'Serial Number' })).toHaveAccessibleDescription('Serial Not Found');
    expect(screen.getByRole('status')).toHaveTextContent('Serial Not Found');
  });
});
