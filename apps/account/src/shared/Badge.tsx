import styled from 'styled-components';

/** A small label beside a value, e.g. 'Organization' on a row another member opened. */
export const Badge = styled.span`
  display: inline-block;
  padding: ${({ theme }) => `${theme.space.xxs} ${theme.space.sm}`};
  border-radius: ${({ theme }) => theme.radii.sm};
  border: ${({ theme }) => `${theme.size.borderWidth} solid ${theme.colors.info.border}`};
  background: ${({ theme }) => theme.colors.info.bg};
  color: ${({ theme }) => theme.colors.info.fg};
  font-size: ${({ theme }) => theme.font.size.xs};
  font-weight: ${({ theme }) => theme.font.weight.medium};
`;
