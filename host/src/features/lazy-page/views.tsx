import { useEffect, useState } from 'react';
import { timings } from '@portal/forms';
import { Banner, Button, Loading, Stack } from '@portal/ui';

export const LOADING_TEXT = 'Loading..';
export const TIMEOUT_TEXT =
  "The page timed out while loading. Are you sure you're still connected to the Internet?";

/** Shown once a page has taken longer than 200 ms to arrive. */
export function LoadingView() {
  return <Loading>{LOADING_TEXT}</Loading>;
}

/** 'Loading..' after the lazy-page delay of 200 ms, for a route whose data is still loading. */
export function DelayedLoadingView() {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setShown(true), timings.lazyPageDelayMs);
    return () => clearTimeout(timer);
  }, []);
  return shown ? <LoadingView /> : null;
}

/** Shown when a page has not arrived after 10 s and the API does not answer either. */
export function TimeoutView({ onReload }: { onReload: () => void }) {
  return (
    <Stack>
      <Banner variant="error">{TIMEOUT_TEXT}</Banner>
      <div>
        <Button onClick={onReload}>Reload</Button>
      </div>
    </Stack>
  );
}
