import { useEffect, useId, useRef, type KeyboardEvent as ReactKeyboardEvent, type ReactNode, type RefObject } from 'react';
import styled from 'styled-components';
import { Button } from './Button';

const Backdrop = styled.div`
  position: fixed;
  inset: 0;
  display: flex;
  align-items: center;
  justify-content: center;
  padding: ${({ theme }) => theme.space.md};
  background: ${({ theme }) => theme.colors.backdrop};
  z-index: 10;
`;

const Panel = styled.div<{ $wide?: boolean }>`
  max-width: ${({ theme, $wide }) => ($wide ? theme.size.dialogWideMaxWidth : theme.size.dialogMaxWidth)};
  max-height: 100%;
  overflow-y: auto;
  width: 100%;
  padding: ${({ theme }) => theme.space.lg};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surface};
  box-shadow: ${({ theme }) => theme.shadow.card};
`;

const Head = styled.div`
  display: flex;
  justify-content: space-between;
  align-items: flex-start;
  gap: ${({ theme }) => theme.space.md};
`;

const Title = styled.h2`
  margin: 0 0 ${({ theme }) => theme.space.md};
  font-size: ${({ theme }) => theme.font.size.lg};
`;

const Actions = styled.div`
  display: flex;
  justify-content: flex-end;
  gap: ${({ theme }) => theme.space.sm};
  margin-top: ${({ theme }) => theme.space.lg};
`;

export interface ConfirmDialogProps {
  title: string;
  children: ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * A modal question (role alertdialog). The safe answer (cancel) has the focus; Escape cancels;
 * Tab stays inside the dialog.
 */
export function ConfirmDialog({ title, children, confirmLabel, cancelLabel, onConfirm, onCancel }: ConfirmDialogProps) {
  const id = useId();
  const cancelRef = useRef<HTMLButtonElement>(null);
  const { panelRef, onKeyDown } = useModal(cancelRef, onCancel);

  return (
    <Backdrop>
      <Panel
        ref={panelRef}
        role="alertdialog"
        aria-modal="true"
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-body`}
        onKeyDown={onKeyDown}
      >
        <Title id={`${id}-title`}>{title}</Title>
        <div id={`${id}-body`}>{children}</div>
        <Actions>
          <Button ref={cancelRef} $variant="secondary" onClick={onCancel}>
            {cancelLabel}
          </Button>
          <Button onClick={onConfirm}>{confirmLabel}</Button>
        </Actions>
      </Panel>
    </Backdrop>
  );
}

/**
 * What every modal here does: the given control has the focus when it opens and the focus returns
 * where it was when it closes; Escape dismisses; Tab and Shift+Tab stay inside the panel.
 */
function useModal(initialFocus: RefObject<HTMLElement | null>, onDismiss: () => void) {
  const panelRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    initialFocus.current?.focus();
    return () => previous?.focus?.();
  }, [initialFocus]);
  const onKeyDown = (event: ReactKeyboardEvent) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onDismiss();
    }
    if (event.key === 'Tab') trapTab(event, panelRef.current);
  };
  return { panelRef, onKeyDown };
}

/** Keeps Tab and Shift+Tab inside `panel`, cycling over its focusable controls. */
function trapTab(event: ReactKeyboardEvent, panel: HTMLElement | null) {
  const focusable = Array.from(
    panel?.querySelectorAll<HTMLElement>('a[href], button:not([disabled]), input, select, textarea, [tabindex]:not([tabindex="-1"])') ?? [],
  );
  const first = focusable[0];
  const last = focusable[focusable.length - 1];
  if (event.shiftKey && document.activeElement === first) {
    event.preventDefault();
    last?.focus();
  } else if (!event.shiftKey && document.activeElement === last) {
    event.preventDefault();
    first?.focus();
  }
}

export interface DialogProps {
  title: string;
  children: ReactNode;
  /** The close button's text (e.g. 'Close'). */
  closeLabel: string;
  onClose: () => void;
  /** Room for tables and timelines (details windows). */
  wide?: boolean;
}

/**
 * A modal window (role dialog) with a title and a close button, which has the focus when it
 * opens; Escape closes; Tab stays inside; the focus returns where it was on close.
 */
export function Dialog({ title, children, closeLabel, onClose, wide }: DialogProps) {
  const id = useId();
  const closeRef = useRef<HTMLButtonElement>(null);
  const { panelRef, onKeyDown } = useModal(closeRef, onClose);

  return (
    <Backdrop>
      <Panel
        ref={panelRef}
        $wide={wide}
        role="dialog"
        aria-modal="true"
        aria-labelledby={`${id}-title`}
        onKeyDown={onKeyDown}
      >
        <Head>
          <Title id={`${id}-title`}>{title}</Title>
          <Button ref={closeRef} $variant="secondary" onClick={onClose}>
            {closeLabel}
          </Button>
        </Head>
        {children}
      </Panel>
    </Backdrop>
  );
}
