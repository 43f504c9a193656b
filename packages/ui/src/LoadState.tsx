import type { ReactNode } from 'react';
import { Banner } from './Banner';
import { Button, type ButtonVariant } from './Button';
import { Row, Stack } from './Layout';
import { Spinner } from './Spinner';

/** The spinner and what is loading, announced as a status. */
export function Loading({ children }: { children: ReactNode }) {
  return (
    <Row $gap="sm" role="status">
      <Spinner />
      <span>{children}</span>
    </Row>
  );
}

export interface LoadFailedProps {
  message: string;
  onRetry: () => void;
  retryLabel?: string;
  retryVariant?: ButtonVariant;
}

/**
 * A read that failed: its message and a button that reads again. The button is type="button":
 * inside a form (a checkout's payment options) it must read again, never submit.
 */
export function LoadFailed({ message, onRetry, retryLabel = 'Try again', retryVariant }: LoadFailedProps) {
  return (
    <Stack $gap="sm">
      <Banner variant="error">{message}</Banner>
      <div>
        <Button type="button" $variant={retryVariant} onClick={onRetry}>
          {retryLabel}
        </Button>
      </div>
    </Stack>
  );
}
