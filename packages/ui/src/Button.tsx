import styled, { css } from 'styled-components';

export type ButtonVariant = 'primary' | 'secondary' | 'link';

/** Button looks, exported so a router link can look like a button without ui knowing the router. */
export const buttonStyles = css<{ $variant?: ButtonVariant }>`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: ${({ theme }) => theme.space.sm};
  padding: ${({ theme }) => `${theme.space.sm} ${theme.space.md}`};
  border-radius: ${({ theme }) => theme.radii.sm};
  border: ${({ theme }) => `${theme.size.borderWidth} solid ${theme.colors.brand}`};
  font: inherit;
  font-weight: ${({ theme }) => theme.font.weight.medium};
  text-decoration: none;
  cursor: pointer;
  background: ${({ theme }) => theme.colors.brand};
  color: ${({ theme }) => theme.colors.onBrand};

  &:hover {
    background: ${({ theme }) => theme.colors.brandStrong};
  }

  ${({ $variant, theme }) =>
    $variant === 'secondary' &&
    css`
      background: ${theme.colors.surface};
      color: ${theme.colors.brand};
      &:hover {
        background: ${theme.colors.surfaceMuted};
      }
    `}

  ${({ $variant, theme }) =>
    $variant === 'link' &&
    css`
      background: transparent;
      border-color: transparent;
      color: ${theme.colors.onBrand};
      text-decoration: underline;
      &:hover {
        background: transparent;
      }
    `}

  /* aria-disabled: looks and reads disabled but stays focusable, so a click can explain why. */
  &:disabled,
  &[aria-disabled='true'] {
    cursor: not-allowed;
    background: ${({ theme }) => theme.colors.disabled};
    border-color: ${({ theme }) => theme.colors.disabled};
    color: ${({ theme }) => theme.colors.onBrand};
  }
`;

export const Button = styled.button.attrs<{ $variant?: ButtonVariant }>(({ type }) => ({
  type: type ?? 'button',
}))<{ $variant?: ButtonVariant }>`
  ${buttonStyles}
`;
