import { Link } from 'react-router';
import styled from 'styled-components';
import { buttonStyles, type ButtonVariant } from '@portal/ui';

/** A router link that looks like a button (for calls to action that navigate). */
export const ButtonLink = styled(Link)<{ $variant?: ButtonVariant }>`
  ${buttonStyles}
`;
