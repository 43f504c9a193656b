import styled from 'styled-components';
import type { DepotTimelineEvent } from '@portal/api-client';
import { Card, CardTitle, MutedText, formatDateTime } from '@portal/ui';
import { statusLabel } from '../../../shared/statuses';

const Events = styled.ol`
  margin: 0;
  padding-left: ${({ theme }) => theme.space.lg};

  li + li {
    margin-top: ${({ theme }) => theme.space.sm};
  }
`;

/**
 * What an event that moved no status was, from its kind as the API names it ('label_issued' →
 * 'Label issued', 'decision_reminder' → 'Decision reminder'): staff read the recorded kinds, the
 * detail says the rest.
 */
function kindWords(kind: string): string {
  const words = kind.replace(/_/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Everything that happened to the RMA, as recorded: who did it, when, and the status it left. */
export function Timeline({ events }: { events: readonly DepotTimelineEvent[] }) {
  return (
    <Card aria-labelledby="rma-timeline">
      <CardTitle id="rma-timeline">Timeline</CardTitle>
      {events.length === 0 ? (
        <MutedText>Nothing recorded yet.</MutedText>
      ) : (
        <Events>
          {events.map((event, index) => (
            <li key={`${event.at}-${index}`}>
              <strong>{formatDateTime(event.at)}</strong>
              {[event.status ? statusLabel(event.status) : kindWords(event.kind), event.actor].filter(Boolean).map((part) => ` · ${part}`).join('')}
              {event.detail ? <div>{event.detail}</div> : null}
            </li>
          ))}
        </Events>
      )}
    </Card>
  );
}
