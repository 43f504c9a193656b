import { Link } from 'react-router';
import styled from 'styled-components';
import { buttonStyles, type ButtonVariant } from '@portal/ui';

/** A router link that looks like a button (Checkout, Go to cart). */
export const ButtonLink = styled(Link)<{ $variant?: ButtonVariant }>`
  ${buttonStyles}
`;
