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
              {[event.status ? statusLabel(event.status) : '', event.actor].filter(Boolean).map((part) => ` · ${part}`).join('')}
              {event.detail ? <div>{event.detail}</div> : null}
            </li>
          ))}
        </Events>
      )}
    </Card>
  );
}
