import { useId, type ReactNode } from 'react';
import styled from 'styled-components';
import type { Part } from '@portal/api-client';
import { MutedText, Stack, formatMoney } from '@portal/ui';
import { AVAILABILITY_TEXT } from './format';

const Article = styled.article`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.sm};
  padding: ${({ theme }) => theme.space.md};
  background: ${({ theme }) => theme.colors.surface};
  border: ${({ theme }) => `${theme.size.borderWidth} solid ${theme.colors.border}`};
  border-radius: ${({ theme }) => theme.radii.md};
`;

const Picture = styled.img`
  width: 100%;
  height: ${({ theme }) => theme.size.unitImage};
  object-fit: contain;
  background: ${({ theme }) => theme.colors.surfaceMuted};
  border-radius: ${({ theme }) => theme.radii.sm};
`;

const Description = styled.p`
  margin: 0;
`;

const Heading = styled.h3`
  margin: 0;
  font-size: ${({ theme }) => theme.font.size.lg};
`;

const Price = styled.p`
  margin: 0;
  font-size: ${({ theme }) => theme.font.size.lg};
  font-weight: ${({ theme }) => theme.font.weight.bold};
`;

const Flag = styled.span<{ $tone: 'error' | 'warning' | 'success' }>`
  align-self: flex-start;
  padding: ${({ theme }) => `${theme.space.xxs} ${theme.space.sm}`};
  border-radius: ${({ theme }) => theme.radii.sm};
  border: ${({ theme, $tone }) => `${theme.size.borderWidth} solid ${theme.colors[$tone].border}`};
  background: ${({ theme, $tone }) => theme.colors[$tone].bg};
  color: ${({ theme, $tone }) => theme.colors[$tone].fg};
  font-size: ${({ theme }) => theme.font.size.sm};
`;

const TONE = { IN_STOCK: 'success', BACKORDER: 'warning', DISCONTINUED: 'error' } as const;

/**
 * One catalogue part: picture, number, description, the models it fits, price, availability
 * (a discontinued part is flagged and gets no action) and the page's action (Add to cart).
 */
export function PartCard({ part, action }: { part: Part; action: ReactNode }) {
  const headingId = `part-${useId()}`;
  return (
    <Article aria-labelledby={headingId}>
      <Picture src={part.imagePath} alt="" />
      <Stack $gap="sm">
        <Heading id={headingId}>{part.partNumber}</Heading>
        <Description>{part.description}</Description>
        {part.fits.length > 0 ? <MutedText>Fits: {part.fits.map((fit) => fit.model).join(', ')}</MutedText> : null}
        <Price>{formatMoney(part.price)}</Price>
        <Flag $tone={part.discontinued ? 'error' : TONE[part.availability]}>
          {part.discontinued ? AVAILABILITY_TEXT.DISCONTINUED : AVAILABILITY_TEXT[part.availability]}
        </Flag>
        {part.isHighValue ? <MutedText>High-value part</MutedText> : null}
        {part.discontinued ? null : action}
      </Stack>
    </Article>
  );
}
