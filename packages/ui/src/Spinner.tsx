import styled, { keyframes } from 'styled-components';
import { VisuallyHidden } from './VisuallyHidden';

const spin = keyframes`
  to { transform: rotate(360deg); }
`;

const Ring = styled.span`
  display: inline-block;
  width: ${({ theme }) => theme.size.icon};
  height: ${({ theme }) => theme.size.icon};
  border-radius: ${({ theme }) => theme.radii.round};
  border: ${({ theme }) => `${theme.size.focusWidth} solid ${theme.colors.border}`};
  border-top-color: ${({ theme }) => theme.colors.brand};
  animation: ${spin} ${({ theme }) => theme.motion.spin} linear infinite;
  vertical-align: middle;

  @media (prefers-reduced-motion: reduce) {
    animation: none;
  }
`;

/**
 * A busy indicator. `label` is read by assistive technology only; leave it out when visible text
 * next to the spinner already says what is happening.
 */
export function Spinner({ label }: { label?: string }) {
  return (
    <span>
      <Ring aria-hidden="true" />
      {label ? <VisuallyHidden>{label}</VisuallyHidden> : null}
    </span>
  );
}
