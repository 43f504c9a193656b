import styled from 'styled-components';

/** Centred page column used by the root layout. */
export const PageContainer = styled.div`
  max-width: ${({ theme }) => theme.size.pageMaxWidth};
  margin: 0 auto;
  padding: 0 ${({ theme }) => theme.space.md};
`;

export const SiteHeader = styled.header`
  background: ${({ theme }) => theme.colors.brand};
  color: ${({ theme }) => theme.colors.onBrand};
  padding: ${({ theme }) => theme.space.sm} 0;

  a {
    color: ${({ theme }) => theme.colors.onBrand};
  }
`;

export const HeaderBar = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.md};
`;

export const Brand = styled.span`
  font-size: ${({ theme }) => theme.font.size.lg};
  font-weight: ${({ theme }) => theme.font.weight.bold};
`;

/** The main navigation: its links wrap onto a second line rather than widen a phone's page. */
export const NavList = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => `${theme.space.xs} ${theme.space.md}`};
  margin: 0;
  padding: 0;
  list-style: none;
`;

/**
 * At least a screen high, so the footer starts below the fold: a page whose content arrives in
 * parts (a remote page, then its data) grows without moving anything the user already sees.
 */
export const Main = styled.main`
  min-height: 100vh;
  padding: ${({ theme }) => theme.space.lg} 0 ${({ theme }) => theme.space.xxl};
`;

export const SiteFooter = styled.footer`
  border-top: ${({ theme }) => `${theme.size.borderWidth} solid ${theme.colors.border}`};
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.font.size.sm};
  padding: ${({ theme }) => theme.space.md} 0;
`;

export const PageTitle = styled.h1`
  margin: 0 0 ${({ theme }) => theme.space.md};
  font-size: ${({ theme }) => theme.font.size.xxl};
  line-height: ${({ theme }) => theme.font.lineHeight.tight};
`;

export const Stack = styled.div<{ $gap?: 'xs' | 'sm' | 'md' | 'lg' }>`
  display: flex;
  flex-direction: column;
  gap: ${({ theme, $gap = 'md' }) => theme.space[$gap]};
`;

export const Row = styled.div<{ $gap?: 'xs' | 'sm' | 'md' | 'lg' }>`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme, $gap = 'md' }) => theme.space[$gap]};
`;

export const MutedText = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
  margin: 0;
`;
