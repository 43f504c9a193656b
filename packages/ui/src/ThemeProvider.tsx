import type { ReactNode } from 'react';
import { ThemeProvider, createGlobalStyle } from 'styled-components';
import { theme } from './theme';

export const GlobalStyle = createGlobalStyle`
  *, *::before, *::after { box-sizing: border-box; }
  html, body { margin: 0; padding: 0; }
  body {
    font-family: ${({ theme: t }) => t.font.family};
    font-size: ${({ theme: t }) => t.font.size.md};
    line-height: ${({ theme: t }) => t.font.lineHeight.normal};
    color: ${({ theme: t }) => t.colors.text};
    background: ${({ theme: t }) => t.colors.background};
  }
  a { color: ${({ theme: t }) => t.colors.brand}; }
  :focus-visible {
    outline: ${({ theme: t }) => `${t.size.focusWidth} solid ${t.colors.focus}`};
    outline-offset: ${({ theme: t }) => t.space.xxs};
  }
`;

/** Provides the portal theme (and, with `global`, the base document styles). */
export function PortalThemeProvider({ children, global = false }: { children: ReactNode; global?: boolean }) {
  return (
    <ThemeProvider theme={theme}>
      {global ? <GlobalStyle /> : null}
      {children}
    </ThemeProvider>
  );
}
