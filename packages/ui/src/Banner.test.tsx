import { screen } from '@testing-library/react';
import { Banner } from './Banner';
import { renderWithTheme } from './test-utils';

describe('Banner', () => {
  it('announces errors as alerts', () => {
    renderWithTheme(<Banner variant="error">Error Validating Information</Banner>);

    expect(screen.getByRole('alert')).toHaveTextContent('Error Validating Information');
  });

  it.each(['info', 'warning'] as const)('shows %s messages as a polite status', (variant) => {
    renderWithTheme(<Banner variant={variant}>Scheduled maintenance tonight</Banner>);

    expect(screen.getByRole('status')).toHaveTextContent('Scheduled maintenance tonight');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
