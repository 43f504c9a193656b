import { useLocation } from '@portal/router';
import { pathFor } from '@portal/routes';
import { Card, PageTitle, Row, Stack } from '@portal/ui';
import { ButtonLink } from '@portal/forms/units';
import { QUOTE_COPY } from '../service-quotes/copy';

/**
 * Route canceled (?rma=): shown after an RMA awaiting its payment was cancelled (spec §2, §4):
 * what happened (cancelled, nothing charged) and what comes next (a new RMA whenever ready).
 */
export function CanceledPage() {
  const location = useLocation();
  const rma = new URLSearchParams(location.search).get('rma')?.trim() ?? '';
  return (
    <Stack $gap="lg">
      <PageTitle>{QUOTE_COPY.canceledTitle}</PageTitle>
      <Card aria-label="Cancelled RMA">
        <Stack>
          <p>{rma ? QUOTE_COPY.canceledText(rma) : QUOTE_COPY.canceledTextNoRma}</p>
          <p>{QUOTE_COPY.canceledNext}</p>
        </Stack>
      </Card>
      <Row>
        <ButtonLink to={pathFor('create-rma')}>Create a new RMA</ButtonLink>
        <ButtonLink to={pathFor('rma-history')} $variant="secondary">
          Your RMAs
        </ButtonLink>
      </Row>
    </Stack>
  );
}
