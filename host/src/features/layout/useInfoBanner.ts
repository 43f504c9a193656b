import { useEffect, useRef, useState } from 'react';
import { useLocation } from '@portal/router';
import { bannerMessage, RMA_WARNING_REPORT_ID } from '@portal/api-client';
import { useApi } from '@portal/auth';

/** The banner is refreshed on navigation, at most once a minute. */
export const INFO_BANNER_REFRESH_MS = 60_000;

/**
 * The info banner message: the first QUERY_RMA_WARNING row with isWarning or isPaused (spec §7).
 * Public: works signed out. A failed load keeps the last message.
 */
export function useInfoBanner(now: () => number = Date.now): string | null {
  const api = useApi();
  const { pathname } = useLocation();
  const [message, setMessage] = useState<string | null>(null);
  const lastLoad = useRef<number | null>(null);

  useEffect(() => {
    const time = now();
    if (lastLoad.current !== null && time - lastLoad.current < INFO_BANNER_REFRESH_MS) return undefined;
    lastLoad.current = time;
    const controller = new AbortController();
    const reports = (api as Partial<typeof api> | undefined)?.reports;
    if (!reports) return undefined;
    reports.queryCommonReport(RMA_WARNING_REPORT_ID, { signal: controller.signal }).then(
      (rows) => {
        if (!controller.signal.aborted) setMessage(bannerMessage(rows));
      },
      () => undefined, // the banner is information, never a reason to break the page
    );
    return () => controller.abort();
  }, [api, pathname, now]);

  return message;
}
