import type { Blocker } from '@portal/router';
import { messages } from '../index';
import { ConfirmDialog } from '@portal/ui';

/** Asks before an in-app navigation leaves an unfinished RMA (spec §2). */
export function LeaveDialog({ blocker }: { blocker: Blocker }) {
  if (blocker.state !== 'blocked') return null;
  return (
    <ConfirmDialog
      title="Leave this RMA?"
      confirmLabel="Leave"
      cancelLabel="Stay"
      onConfirm={() => blocker.proceed()}
      onCancel={() => blocker.reset()}
    >
      {messages.leaveWarning}
    </ConfirmDialog>
  );
}
