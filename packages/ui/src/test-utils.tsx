import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { PortalThemeProvider } from './ThemeProvider';

export function renderWithTheme(ui: ReactElement) {
  return render(<PortalThemeProvider>{ui}</PortalThemeProvider>);
}
