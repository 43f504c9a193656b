import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Banner, Button, Stack } from '@portal/ui';

interface Props {
  children: ReactNode;
  /** Reloads the document; replaceable in tests. */
  reload?: () => void;
  onError?: (error: Error) => void;
}

interface State {
  error: Error | null;
}

/** Catches a page that failed to load or render and offers a reload instead of a blank screen. */
export class PageErrorBoundary extends Component<Props, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    this.props.onError?.(error);
    console.error('Page failed', error, info.componentStack);
  }

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    const reload = this.props.reload ?? (() => window.location.reload());
    const message =
      error.name === 'ChunkLoadError'
        ? 'This page could not be downloaded. Check your connection, then reload the page.'
        : 'Something went wrong while showing this page. Reloading usually helps.';
    return (
      <Stack>
        <Banner variant="error" title="This page could not be shown.">
          {message}
        </Banner>
        <div>
          <Button onClick={reload}>Reload</Button>
        </div>
      </Stack>
    );
  }
}
