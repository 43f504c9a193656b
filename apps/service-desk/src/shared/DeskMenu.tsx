import styled from 'styled-components';
import { NavLink } from '@portal/router';
import { hasClientRole, permissions, useSession, useSessionState } from '@portal/auth';
import { pathFor } from '@portal/routes';

const Menu = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.md};
  list-style: none;
  margin: 0;
  padding: 0;

  a[aria-current='page'] {
    font-weight: ${({ theme }) => theme.font.weight.bold};
  }
`;

/** The service desk's own pages; the lead's overview only for a lead, as the host's route allows. */
export function DeskMenu() {
  const session = useSession();
  const state = useSessionState();
  const lead = state.status === 'signed-in' && hasClientRole(state.roles, session.clientId, permissions.depotLead);
  return (
    <nav aria-label="Service desk">
      <Menu>
        <li>
          <NavLink to={pathFor('service-desk')} end>
            Queue
          </NavLink>
        </li>
        <li>
          <NavLink to={pathFor('service-desk-parts-orders')}>Parts orders</NavLink>
        </li>
        {lead ? (
          <li>
            <NavLink to={pathFor('service-desk-lead')}>Lead overview</NavLink>
          </li>
        ) : null}
      </Menu>
    </nav>
  );
}
