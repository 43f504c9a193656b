import { useId, useState } from 'react';
import styled from 'styled-components';
import type { Unit } from '@portal/api-client';
import { Card, FactList, formatDate } from '@portal/ui';
import {
  UNIT_IMAGE_FALLBACK,
  UNIT_TEXT,
  needsHelpdeskReturn,
  unitImageSrc,
  unitStateText,
  type UnitStateTone,
} from './unitCardText';

const Layout = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.lg};
  align-items: flex-start;
`;

const Picture = styled.img`
  width: ${({ theme }) => theme.size.unitImage};
  height: auto;
  border-radius: ${({ theme }) => theme.radii.sm};
`;

const Title = styled.h3`
  margin: 0 0 ${({ theme }) => theme.space.sm};
  font-family: ${({ theme }) => theme.font.mono};
  font-size: ${({ theme }) => theme.font.size.lg};
`;

const Facts = styled(FactList)`
  margin-bottom: ${({ theme }) => theme.space.md};
`;

const toneColour = { good: 'success', attention: 'warning', blocked: 'error' } as const;

const StateText = styled.p<{ $tone: UnitStateTone }>`
  margin: 0 0 ${({ theme }) => theme.space.sm};
  padding: ${({ theme }) => `${theme.space.sm} ${theme.space.md}`};
  border-radius: ${({ theme }) => theme.radii.sm};
  background: ${({ theme, $tone }) => theme.colors[toneColour[$tone]].bg};
  color: ${({ theme, $tone }) => theme.colors[toneColour[$tone]].fg};
  font-weight: ${({ theme }) => theme.font.weight.medium};
`;

/** Beside the picture where there is room for both, below it on a phone. */
const Body = styled.div`
  flex: 1 1 12rem;
  min-width: 0;
`;

/** The unit a serial belongs to: what it is, its warranty, and whether it can be sent in. */
export function UnitCard({ unit }: { unit: Unit }) {
  const titleId = useId();
  const preferred = unitImageSrc(unit.modelFamily);
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const src = failedSrc === preferred ? UNIT_IMAGE_FALLBACK : preferred;
  const state = unitStateText(unit);
  const warrantyEnd = formatDate(unit.endDeviceWarranty) || null;

  return (
    <Card aria-labelledby={titleId}>
      <Layout>
        <Picture
          src={src}
          // The pictures' own size (host/public/assets/units): the card has its height before
          // the picture arrives, so nothing below it moves when it does.
          width={240}
          height={180}
          alt={`${unit.modelFamily || 'Unknown'} ${unit.model}`.trim()}
          onError={() => setFailedSrc(preferred)}
        />
        <Body>
          <Title id={titleId}>{unit.serial}</Title>
          <Facts>
            <dt>Serial</dt>
            <dd>{unit.serial}</dd>
            <dt>Model</dt>
            <dd>{unit.model}</dd>
            <dt>Model Family</dt>
            <dd>{unit.modelFamily}</dd>
            <dt>Part Number</dt>
            <dd>{unit.pn}</dd>
            <dt>Product Type</dt>
            <dd>{unit.productType}</dd>
            <dt>Warranty End</dt>
            <dd>{warrantyEnd ?? 'Not available'}</dd>
          </Facts>
          <StateText $tone={state.tone}>{state.text}</StateText>
          {needsHelpdeskReturn(unit) ? <StateText $tone="attention">{UNIT_TEXT.helpdeskReturn}</StateText> : null}
        </Body>
      </Layout>
    </Card>
  );
}
