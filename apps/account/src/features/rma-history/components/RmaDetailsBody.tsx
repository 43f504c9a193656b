import { useState } from 'react';
import styled from 'styled-components';
import type { DecisionChoice, DecisionResult, RmaDetails } from '@portal/api-client';
import { formatPhone } from '@portal/forms';
import { useDocumentLink, type DocumentLink } from '@portal/forms/units';
import { Button, FactList, Row, formatDate, formatDateTime } from '@portal/ui';
import { Badge } from '../../../shared/Badge';
import { eventText, rmaTypeText, shippingText, statusText } from '../../../shared/statusText';
import { awaitsDecision } from '../model/decision';
import { BatchLink, batchShippingText } from './BatchLink';
import { promiseOutcome } from '../model/promise';
import { DecisionForm } from './DecisionForm';
import { DiagnosisSection } from './DiagnosisSection';
import { PayOrCancel } from './PayOrCancel';
import { RepairSummaryView } from './RepairSummaryView';

const Grid = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(${({ theme }) => theme.size.columnMin}, 1fr));
  gap: ${({ theme }) => theme.space.lg};
  margin-top: ${({ theme }) => theme.space.md};

  h3 {
    margin: 0 0 ${({ theme }) => theme.space.sm};
    font-size: ${({ theme }) => theme.font.size.md};
  }
`;

const Timeline = styled.ol`
  margin: ${({ theme }) => theme.space.md} 0 0;
  padding-left: ${({ theme }) => theme.space.lg};

  li {
    margin-bottom: ${({ theme }) => theme.space.sm};
  }
  small {
    display: block;
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

function DocumentAnchor({ label, link, fileName }: { label: string; link: DocumentLink; fileName: string }) {
  if (link.status === 'none') return null;
  if (link.status === 'loading') return <span>{label}…</span>;
  if (link.status === 'failed') return <span role="alert">{link.message}</span>;
  return (
    <a href={link.url} target="_blank" rel="noopener" download={fileName}>
      {label}
    </a>
  );
}

function Documents({ details }: { details: RmaDetails }) {
  const label = useDocumentLink(details.label);
  const invoice = useDocumentLink(details.commercialInvoice);
  if (!details.label && !details.commercialInvoice) return null;
  return (
    <section aria-label="Shipping documents">
      <h3>Shipping documents</h3>
      <Row $gap="md">
        <DocumentAnchor label="Shipping label" link={label} fileName={`label-${details.rmaNumber}.pdf`} />
        <DocumentAnchor label="Commercial invoice" link={invoice} fileName={`commercial-invoice-${details.rmaNumber}.pdf`} />
      </Row>
      {details.labelExpiresAt ? <p>The label is valid until {formatDate(details.labelExpiresAt)}.</p> : null}
    </section>
  );
}

/** How many timeline entries set or moved the promised ship-back date (its first is one). */
function promiseChanges(timeline: RmaDetails['timeline']): number {
  return timeline.filter((event) => event.kind === 'promise').length;
}

/** Once the unit left: whether it left by the promised day. */
function PromiseKept({ details }: { details: RmaDetails }) {
  const outcome = promiseOutcome(details);
  if (!outcome) return null;
  const shipped = <time dateTime={outcome.shippedAt}>{formatDate(outcome.shippedAt)}</time>;
  return outcome.kept ? <>: kept, shipped back {shipped}</> : <>: missed, shipped back {shipped}</>;
}

/**
 * What the details window shows once the details are in. A module of its own, fetched when a
 * window opens: formatting the contact's phone takes libphonenumber and its metadata (about
 * 27 kB gzip), which the history page itself does not need.
 */
export function RmaDetailsBody({
  details,
  onDecided,
}: {
  details: RmaDetails;
  /** The customer decided on the revised quote and the RMA moved on: the window reads it again. */
  onDecided: (result: DecisionResult, choice: DecisionChoice) => void;
}) {
  const [showSummary, setShowSummary] = useState(false);
  // Oldest first, whatever order the answer came in.
  const timeline = [...details.timeline].sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
  const { contact, address, problem } = details;
  return (
    <>
      <Row $gap="sm">
        <strong>{statusText(details.status)}</strong>
        {details.mine ? null : (
          <>
            <Badge>Organization</Badge>
            <span>Opened by {details.openedBy}</span>
          </>
        )}
      </Row>
      {details.promisedShipDate ? (
        <p>
          Promised ship-back date: <time dateTime={details.promisedShipDate}>{formatDate(details.promisedShipDate)}</time>
          {promiseChanges(timeline) > 1 ? ' (updated: see the timeline for why)' : null}
          <PromiseKept details={details} />
        </p>
      ) : null}
      <PayOrCancel rma={details} />
      {details.diagnosis ? <DiagnosisSection diagnosis={details.diagnosis} mine={details.mine} /> : null}
      {awaitsDecision(details) ? <DecisionForm rmaNumber={details.rmaNumber} diagnosis={details.diagnosis} onDecided={onDecided} /> : null}
      <Grid>
        <section aria-label="Unit">
          <h3>Unit</h3>
          <FactList>
            <dt>Serial</dt>
            <dd>{details.serial}</dd>
            <dt>Model</dt>
            <dd>{details.model}</dd>
            <dt>Part number</dt>
            <dd>{details.partNumber}</dd>
            <dt>Type</dt>
            <dd>{rmaTypeText(details.rmaType)}</dd>
            <dt>Created</dt>
            <dd>{formatDate(details.createdAt)}</dd>
          </FactList>
        </section>
        <section aria-label="Problem">
          <h3>Problem</h3>
          <FactList>
            <dt>Primary fault</dt>
            <dd>{problem.primaryFault}</dd>
            <dt>Problem</dt>
            <dd>{problem.problem}</dd>
            {problem.initialNotes ? (
              <>
                <dt>Notes</dt>
                <dd>{problem.initialNotes}</dd>
              </>
            ) : null}
            {problem.customerReference ? (
              <>
                <dt>Customer reference</dt>
                <dd>{problem.customerReference}</dd>
              </>
            ) : null}
            {problem.assetTag ? (
              <>
                <dt>Asset tag</dt>
                <dd>{problem.assetTag}</dd>
              </>
            ) : null}
          </FactList>
        </section>
        <section aria-label="Contact">
          <h3>Contact</h3>
          <FactList>
            <dt>Name</dt>
            <dd>
              {contact.firstName} {contact.lastName}
            </dd>
            <dt>E-mail</dt>
            <dd>{contact.email}</dd>
            <dt>Phone</dt>
            <dd>{formatPhone(contact.phone, contact.phoneCountryCode)}</dd>
            {contact.company ? (
              <>
                <dt>Company</dt>
                <dd>{contact.company}</dd>
              </>
            ) : null}
          </FactList>
        </section>
        <section aria-label="Address">
          <h3>Ship-from address</h3>
          <address>
            {address.line1}
            {address.line2 ? (
              <>
                <br />
                {address.line2}
              </>
            ) : null}
            <br />
            {[address.city, address.state, address.postalCode].filter(Boolean).join(', ')}
            <br />
            {address.country}
          </address>
          <FactList>
            {details.batchId ? (
              <>
                <dt>Batch</dt>
                <dd>
                  <BatchLink batchId={details.batchId} />
                </dd>
                <dt>Shipping method</dt>
                <dd>{batchShippingText(details.batchId, details.batchBox)}</dd>
              </>
            ) : details.shippingMethod ? (
              <>
                <dt>Shipping method</dt>
                <dd>{shippingText(details.shippingMethod)}</dd>
              </>
            ) : null}
            {details.trackingNumber ? (
              <>
                <dt>{details.batchId ? "Box's tracking number" : 'Tracking number'}</dt>
                <dd>{details.trackingNumber}</dd>
              </>
            ) : null}
            {details.returnTrackingNumber ? (
              <>
                <dt>Return tracking number</dt>
                <dd>{details.returnTrackingNumber}</dd>
              </>
            ) : null}
          </FactList>
        </section>
      </Grid>
      <section aria-label="Status timeline">
        <h3>Status timeline</h3>
        <Timeline>
          {timeline.map((event, index) => (
            <li key={`${event.at}-${index}`}>
              <time dateTime={event.at}>{formatDateTime(event.at)}</time> · <strong>{eventText(event)}</strong> · {event.actor}
              {event.note ? <small>{event.note}</small> : null}
            </li>
          ))}
        </Timeline>
      </section>
      <Documents details={details} />
      <Row $gap="sm">
        <Button type="button" onClick={() => setShowSummary((on) => !on)} aria-expanded={showSummary}>
          Repair Summary
        </Button>
      </Row>
      {showSummary ? <RepairSummaryView rmaNumber={details.rmaNumber} /> : null}
    </>
  );
}
