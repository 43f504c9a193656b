import { batchProgressAnnouncement } from '@portal/api-client';
import { Banner, Loading, MutedText, ProgressBar, Stack, VisuallyHidden } from '@portal/ui';
import { ButtonLink } from '@portal/forms/units';
import { COPY } from '../copy';
import type { BatchProgressView } from '../hooks/useBatchProgress';

export interface SubmitProgressProps {
  batchId: string;
  /** The batch page, where the customer goes once every row is done. */
  to: string;
  progress: BatchProgressView;
  resumed: boolean;
}

/**
 * What the live region says of the progress: only each tenth done and the end, so a screen reader
 * is not read every event (the server sends one about every 250 ms); '' before the first.
 */
export function progressAnnouncement(done: number, rows: number): string {
  return batchProgressAnnouncement(done, rows, { tenth: COPY.progressAnnounced, done: COPY.progressDone });
}

/** The batch being created: the rows done so far, fed by the server's events, and the way to its page. */
export function SubmitProgress({ batchId, to, progress, resumed }: SubmitProgressProps) {
  const { rows, done } = progress.counts;
  return (
    <Stack $gap="md">
      <Banner variant="info">{resumed ? COPY.resumed(batchId) : COPY.created(batchId)}</Banner>
      <ProgressBar value={rows > 0 ? done / rows : 0} label={COPY.progress} />
      {rows > 0 ? <MutedText>{COPY.progressText(done, rows)}</MutedText> : <Loading>{COPY.progress}</Loading>}
      <VisuallyHidden role="status">{progressAnnouncement(done, rows)}</VisuallyHidden>
      {progress.error ? <Banner variant="warning">{progress.error}</Banner> : null}
      <ButtonLink to={to} $variant="secondary">
        {COPY.openBatch}
      </ButtonLink>
    </Stack>
  );
}
