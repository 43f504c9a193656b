import type { ReactNode } from 'react';
import { Banner, Button, Row, Spinner, Stack } from '@portal/ui';

/** The spinner and what is loading, announced as a status. */
export function Loading({ children }: { children: ReactNode }) {
  return (
    <Row $gap="sm" role="status">
      <Spinner />
      <span>{children}</span>
    </Row>
  );
}

/** A read that failed: its message and a button that reads again. */
export function LoadFailed({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <Stack $gap="sm">
      <Banner variant="error">{message}</Banner>
      <div>
        <Button onClick={onRetry}>Try again</Button>
      </div>
    </Stack>
  );
}
