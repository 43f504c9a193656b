import { useEffect, useRef, useState } from 'react';
import { batchProgressAnnouncement, isAbortError, type BatchClient, type BatchProgress } from '@portal/api-client';
import { Banner, MutedText, ProgressBar, Stack, VisuallyHidden } from '@portal/ui';
import { BATCH_COPY } from '../copy';

export interface BatchProgressPanelProps {
  client: BatchClient;
  batchId: string;
  /** The progress the batch's rows told when it was read, until the stream says more. */
  initial: BatchProgress;
  /** The stream's done arrived: the batch is finished (boxes, documents and e-mail included). */
  onDone: () => void;
}

/**
 * A processing batch's progress, fed by its events stream. The stream's state lives here, not in
 * the page, so an event (about every 250 ms) re-renders this bar and not the batch's rows; the
 * live region speaks only at each tenth of the rows done and at the end.
 */
export function BatchProgressPanel({ client, batchId, initial, onDone }: BatchProgressPanelProps) {
  const [progress, setProgress] = useState<BatchProgress>(initial);
  const [lost, setLost] = useState(false);
  // The page's latest onDone, without restarting the stream when the page renders again.
  const onDoneRef = useRef(onDone);
  useEffect(() => {
    onDoneRef.current = onDone;
  });

  useEffect(() => {
    const controller = new AbortController();
    client.watchBatch(batchId, setProgress, controller.signal).then(
      (final) => {
        if (final && !controller.signal.aborted) onDoneRef.current();
      },
      (error: unknown) => {
        if (controller.signal.aborted || isAbortError(error)) return;
        setLost(true);
      },
    );
    return () => controller.abort();
  }, [client, batchId]);

  return (
    <Stack $gap="sm">
      <ProgressBar label={BATCH_COPY.progressLabel} value={progress.rows > 0 ? progress.done / progress.rows : 0} />
      <MutedText>{BATCH_COPY.progress(progress.done, progress.rows)}</MutedText>
      <VisuallyHidden role="status">
        {batchProgressAnnouncement(progress.done, progress.rows, { tenth: BATCH_COPY.progressAnnounced, done: BATCH_COPY.progressDone })}
      </VisuallyHidden>
      {lost ? <Banner variant="warning">{BATCH_COPY.progressLost}</Banner> : null}
    </Stack>
  );
}
