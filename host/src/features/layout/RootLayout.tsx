import { useState } from 'react';
import { NavLink, Outlet, useLocation } from '@portal/router';
import styled from 'styled-components';
import { useSession, useSessionState } from '@portal/auth';
import { pathFor, type RouteName } from '@portal/routes';
import {
  Brand,
  Button,
  HeaderBar,
  Main,
  NavList,
  PageContainer,
  Row,
  SiteFooter,
  SiteHeader,
} from '@portal/ui';
import { InfoBanner } from './InfoBanner';
import { useInfoBanner } from './useInfoBanner';
import { PORTAL_NAME } from './portal';
import { RemoteMarkProvider, type RemoteMark } from './remote-mark';
import { listedInNav, type RouteMeta } from '../guard/access';

export interface NavEntry {
  route: RouteName;
  label: string;
  /** Who may open the route: an entry needing roles is listed only for a user holding them. */
  meta: RouteMeta;
}

const BrandLink = styled(NavLink)`
  text-decoration: none;
`;

const NavItemLink = styled(NavLink)`
  white-space: nowrap;

  &[aria-current='page'] {
    font-weight: ${({ theme }) => theme.font.weight.bold};
  }
`;

/**
 * The account area is as high as its Sign in button whatever it holds, and there before the
 * session is known: where the header wraps (a phone), the page below does not move when the
 * button or the user's name arrives.
 */
const AccountSlot = styled.div`
  display: flex;
  align-items: center;
  min-height: ${({ theme }) =>
    `calc(${theme.font.size.md} * ${theme.font.lineHeight.normal} + 2 * (${theme.space.sm} + ${theme.size.borderWidth}))`};
`;

const BannerArea = styled.div`
  padding-top: ${({ theme }) => theme.space.md};
`;

function AccountArea() {
  const session = useSession();
  const state = useSessionState();
  const location = useLocation();

  if (state.status === 'loading') return null;
  if (state.status === 'signed-out') {
    return (
      <Button
        $variant="secondary"
        onClick={() => void session.signIn(`${location.pathname}${location.search}${location.hash}`)}
      >
        Sign in
      </Button>
    );
  }
  const name = [state.profile.firstName, state.profile.lastName].filter(Boolean).join(' ') || state.profile.email;
  return (
    <Row $gap="sm">
      <span>{name}</span>
      <NavLink to={pathFor('sign-out')}>Sign out</NavLink>
    </Row>
  );
}

/**
 * Header with the portal name, navigation and sign-in state; the info banner; the page, its main
 * element marked with the remote that rendered it and that remote's version (remote-mark.ts).
 */
export function RootLayout({ nav }: { nav: readonly NavEntry[] }) {
  const bannerMessage = useInfoBanner();
  const [mark, setMark] = useState<RemoteMark | null>(null);
  const session = useSession();
  const state = useSessionState();
  const listed = nav.filter((entry) => listedInNav(entry.meta, state, session.clientId));
  return (
    <>
      <SiteHeader>
        <PageContainer>
          <HeaderBar>
            <BrandLink to={pathFor('home')}>
              <Brand>{PORTAL_NAME}</Brand>
            </BrandLink>
            <nav aria-label="Main">
              <NavList>
                {listed.map((entry) => (
                  <li key={entry.route}>
                    <NavItemLink to={pathFor(entry.route as 'home')} end>
                      {entry.label}
                    </NavItemLink>
                  </li>
                ))}
              </NavList>
            </nav>
            <AccountSlot>
              <AccountArea />
            </AccountSlot>
          </HeaderBar>
        </PageContainer>
      </SiteHeader>
      <PageContainer>
        <BannerArea>
          <InfoBanner message={bannerMessage} />
        </BannerArea>
        <Main id="main" data-remote={mark?.remote} data-remote-version={mark?.version}>
          <RemoteMarkProvider value={setMark}>
            <Outlet />
          </RemoteMarkProvider>
        </Main>
        <SiteFooter>{PORTAL_NAME}</SiteFooter>
      </PageContainer>
    </>
  );
}
