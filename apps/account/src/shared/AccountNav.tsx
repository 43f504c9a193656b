import { NavLink } from '@portal/router';
import styled from 'styled-components';
import { useSessionState } from '@portal/auth';
import { pathFor, type RouteName } from '@portal/routes';

const List = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => `${theme.space.xs} ${theme.space.md}`};
  margin: 0;
  padding: 0 0 ${({ theme }) => theme.space.sm};
  list-style: none;
  border-bottom: ${({ theme }) => `${theme.size.borderWidth} solid ${theme.colors.border}`};

  a {
    color: ${({ theme }) => theme.colors.brand};
  }
  a[aria-current='page'] {
    font-weight: ${({ theme }) => theme.font.weight.bold};
    text-decoration: none;
  }
`;

/** The your-account pages, in the order a customer looks for them; branches only for organization members. */
const PAGES: { route: RouteName; label: string; orgOnly?: boolean }[] = [
  { route: 'rma-history', label: 'Your RMAs' },
  { route: 'dashboard', label: 'Dashboard' },
  { route: 'batches', label: 'Batches' },
  { route: 'quotes', label: 'Quotes' },
  { route: 'parts-orders-history', label: 'Parts orders' },
  { route: 'product-registration', label: 'Product registration' },
  { route: 'drivers', label: 'Drivers' },
  { route: 'branches', label: 'Branches', orgOnly: true },
  { route: 'account-settings', label: 'Account settings' },
];

/**
 * Links between the account pages (the main navigation names only 'Your RMAs', spec §2). The
 * branches link shows only to members of an organization, as the host's guard lets only them in.
 */
export function AccountNav() {
  const state = useSessionState();
  const inOrg = state.status === 'signed-in' && Boolean(state.profile.org?.name);
  return (
    <nav aria-label="Your account">
      <List>
        {PAGES.filter((page) => !page.orgOnly || inOrg).map((page) => (
          <li key={page.route}>
            <NavLink to={pathFor(page.route as 'rma-history')} end>
              {page.label}
            </NavLink>
          </li>
        ))}
      </List>
    </nav>
  );
}
