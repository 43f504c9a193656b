import { startTransition, useEffect, useState, type ComponentType } from 'react';
import { timings } from '@portal/forms';
import { PageSlot } from '@portal/prerender/slot';
import { useHostSettings } from '../../config-context';
import { useRemoteMark } from '../layout/remote-mark';
import { ChunkLoadError, toChunkLoadError } from './ChunkLoadError';
import { LoadingView, TimeoutView } from './views';

export type PageLoader = () => Promise<ComponentType>;

export interface LazyPageProps {
  load: PageLoader;
  /** The page as the server sent it, shown until its code is in (host `prerenderedPage`). */
  prerendered?: string;
  /** Reloads the document; replaceable in tests. */
  reload?: () => void;
  /** The remote the page comes from, whose version marks the page once it shows. */
  remote?: string;
}

/** Pages already loaded render at once when visited again. */
const loadedPages = new WeakMap<PageLoader, ComponentType>();

type Phase = 'waiting' | 'loading' | 'checking-connection' | 'timed-out';

function reloadDocument() {
  window.location.reload();
}

/**
 * Renders a page whose code arrives over the network (a remote's exposed page):
 * nothing for the first 200 ms, then 'Loading..', or on a prerendered page the page as the server
 * sent it instead; after 10 s a HEAD request to the API root
 * decides between reloading (the server is up, so the page load is stuck) and telling the user
 * to check their connection; after 120 s the load fails with a ChunkLoadError for the error
 * boundary around it. A failed load fails the same way at once.
 */
export function LazyPage({ load, prerendered, reload = reloadDocument, remote }: LazyPageProps) {
  const { apiBaseUrl } = useHostSettings();
  const [Page, setPage] = useState<ComponentType | null>(() => loadedPages.get(load) ?? null);
  useRemoteMark(Page ? remote : undefined);
  const [phase, setPhase] = useState<Phase>('waiting');
  const [error, setError] = useState<ChunkLoadError | null>(null);

  useEffect(() => {
    if (Page) return undefined;
    let settled = false;
    const timers = [
      setTimeout(() => setPhase((p) => (p === 'waiting' ? 'loading' : p)), timings.lazyPageDelayMs),
      setTimeout(() => setPhase('checking-connection'), timings.lazyPageTimeoutMs),
      setTimeout(
        () => fail(new ChunkLoadError(`The page did not load within ${timings.chunkTimeoutMs / 1000} s`)),
        timings.chunkTimeoutMs,
      ),
    ];
    const settle = () => {
      settled = true;
      timers.forEach(clearTimeout);
    };
    function fail(reason: unknown) {
      if (settled) return;
      settle();
      setError(toChunkLoadError(reason));
    }

    load().then((component) => {
      if (settled) return;
      settle();
      loadedPages.set(load, component);
      // A remote page's first render is the largest of its route: as a transition it yields to
      // the browser every few milliseconds instead of holding the main thread.
      startTransition(() => setPage(() => component));
    }, fail);

    return settle;
  }, [load, Page]);

  useEffect(() => {
    if (phase !== 'checking-connection') return undefined;
    let active = true;
    fetch(`${apiBaseUrl}/`, { method: 'HEAD', cache: 'no-store' }).then(
      (response) => {
        if (!active) return;
        if (response.ok) reload();
        else setPhase('timed-out');
      },
      () => {
        if (active) setPhase('timed-out');
      },
    );
    return () => {
      active = false;
    };
  }, [phase, apiBaseUrl, reload]);

  if (error) throw error;
  if (Page) return <Page />;
  if (prerendered !== undefined && (phase === 'waiting' || phase === 'loading')) return <PageSlot html={prerendered} />;
  if (phase === 'waiting') return null;
  if (phase === 'timed-out') return <TimeoutView onReload={reload} />;
  return <LoadingView />;
}
