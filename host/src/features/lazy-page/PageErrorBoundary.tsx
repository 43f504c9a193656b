import { Component, Fragment, type ErrorInfo, type ReactNode } from 'react';
import { Banner, Button, Stack } from '@portal/ui';
import { RemoteOriginError } from '../../remote-origins';
import { RemoteFailure, type PortalPart } from './RemoteFailure';

interface Props {
  children: ReactNode;
  /** Reloads the document; replaceable in tests. */
  reload?: () => void;
  onError?: (error: Error) => void;
  /** The remote the page comes from; a failed download then names it and offers a Retry. */
  part?: PortalPart;
}

interface State {
  error: Error | null;
  /** Bumped by Retry: the children mount anew, so a lazy page starts loading again. */
  attempt: number;
}

function refusalIn(error: Error): RemoteOriginError | undefined {
  for (let cause: unknown = error; cause instanceof Error; cause = cause.cause) {
    if (cause instanceof RemoteOriginError) return cause;
  }
  return undefined;
}

/** Catches a page that failed to load or render and offers a reload instead of a blank screen. */
export class PageErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, attempt: 0 };

  static getDerivedStateFromError(error: Error): Partial<State> {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    this.props.onError?.(error);
    console.error('Page failed', error, info.componentStack);
  }

  private readonly retry = () => this.setState(({ attempt }) => ({ error: null, attempt: attempt + 1 }));

  override render() {
    const { error, attempt } = this.state;
    if (!error) return <Fragment key={attempt}>{this.props.children}</Fragment>;
    const reload = this.props.reload ?? (() => window.location.reload());
    const { part } = this.props;
    if (part && error.name === 'ChunkLoadError') {
      return <RemoteFailure part={part} refusedOrigin={refusalIn(error)?.origin} onRetry={this.retry} onReload={reload} />;
    }
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
