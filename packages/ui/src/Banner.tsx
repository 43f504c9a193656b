import type { ReactNode } from 'react';
import styled from 'styled-components';
import { AlertIcon, InfoIcon } from './icons';

export type BannerVariant = 'info' | 'warning' | 'error';

const Box = styled.div<{ $variant: BannerVariant }>`
  display: flex;
  align-items: flex-start;
  gap: ${({ theme }) => theme.space.sm};
  padding: ${({ theme }) => `${theme.space.sm} ${theme.space.md}`};
  border: ${({ theme, $variant }) => `${theme.size.borderWidth} solid ${theme.colors[$variant].border}`};
  border-radius: ${({ theme }) => theme.radii.sm};
  background: ${({ theme, $variant }) => theme.colors[$variant].bg};
  color: ${({ theme, $variant }) => theme.colors[$variant].fg};
`;

export interface BannerProps {
  variant?: BannerVariant;
  title?: string;
  children: ReactNode;
}

/** A message band. Errors are alerts (announced at once); info and warnings are polite statuses. */
export function Banner({ variant = 'info', title, children }: BannerProps) {
  return (
    <Box $variant={variant} role={variant === 'error' ? 'alert' : 'status'}>
      {variant === 'info' ? <InfoIcon /> : <AlertIcon />}
      <div>
        {title ? <strong>{title} </strong> : null}
        {children}
      </div>
    </Box>
  );
}
