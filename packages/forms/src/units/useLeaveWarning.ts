import { useCallback, useEffect, useRef } from 'react';
import { matchPath, useBlocker, type Location } from '@portal/router';
import { routePaths } from '@portal/routes';
import { messages } from '../index';

/** Where the flow may go without the warning: the saved-quote confirmation (spec §2). */
export function isWarningFree(next: Pick<Location, 'pathname'>): boolean {
  return matchPath(routePaths['rma-confirm-quote'], next.pathname) !== null;
}

/**
 * Spec §2: leaving the stepper before an RMA number exists asks 'Do you really want to leave? You
 * have unsaved changes..' — in the app (react-router blocker, answered by the caller's dialog)
 * and when the tab is closed or reloaded (beforeunload, the browser's own prompt).
 */
export function useLeaveWarning(active: boolean) {
  const allowOnce = useRef(false);
  const blocker = useBlocker(({ currentLocation, nextLocation }) => {
    if (!active || allowOnce.current) return false;
    if (currentLocation.pathname === nextLocation.pathname) return false;
    return !isWarningFree(nextLocation);
  });

  useEffect(() => {
    if (!active) return undefined;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show (or need) a returnValue.
      event.returnValue = messages.leaveWarning;
      return messages.leaveWarning;
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [active]);

  /** Lets the next in-app navigation through (the flow's own reset). */
  const allowNextNavigation = useCallback(() => {
    allowOnce.current = true;
    queueMicrotask(() => {
      allowOnce.current = false;
    });
  }, []);

  return { blocker, allowNextNavigation };
}
