import { Link } from '@portal/router';
import styled from 'styled-components';
import { buttonStyles, type ButtonVariant } from '@portal/ui';

/**
 * A router link that looks like a button (calls to action that navigate: Checkout, Go to cart).
 * Here rather than in ui, which knows no router (ui exports buttonStyles for this).
 */
export const ButtonLink = styled(Link)<{ $variant?: ButtonVariant }>`
  ${buttonStyles}
`;
