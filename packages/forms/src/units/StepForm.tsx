import { useEffect, useRef, useState, type ReactNode } from 'react';
import styled from 'styled-components';
import { timings } from '../index';
import { Banner, Button, Row, Spinner, Stack } from '@portal/ui';
import { useTimedMessage } from './useTimedMessage';

const Actions = styled(Row)`
  justify-content: space-between;
  margin-top: ${({ theme }) => theme.space.md};
`;

export interface StepFormProps {
  label: string;
  valid: boolean;
  /** Shown for 4 s when the user tries to go on with an invalid step. */
  invalidMessage: string;
  onContinue: () => void;
  onBack?: () => void;
  continueLabel?: string;
  /** False leaves the Continue button out (a step that cannot go on from here). */
  canContinue?: boolean;
  busy?: boolean;
  /** Called once per invalid attempt, so the step can show every field's message. */
  onInvalidAttempt?: () => void;
  /** Extra content below the banner (e.g. a server error). */
  footer?: ReactNode;
  children: ReactNode;
}

/**
 * One step's form. Continue is a submit button marked aria-disabled while the step is invalid:
 * it looks and reads disabled, but a click (or Enter) still submits, which shows the step's
 * banner for 4 s, reveals every field message and moves the focus to the first invalid field.
 */
export function StepForm({
  label,
  valid,
  invalidMessage,
  onContinue,
  onBack,
  continueLabel = 'Continue',
  canContinue = true,
  busy = false,
  onInvalidAttempt,
  footer,
  children,
}: StepFormProps) {
  const [banner, showBanner] = useTimedMessage(timings.validationBannerMs);
  const [attempts, setAttempts] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);

  useEffect(() => {
    if (attempts === 0) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [attempts]);

  return (
    <form
      ref={formRef}
      aria-label={label}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (busy || !canContinue) return;
        if (!valid) {
          showBanner(invalidMessage);
          onInvalidAttempt?.();
          setAttempts((n) => n + 1);
          return;
        }
        onContinue();
      }}
    >
      <Stack $gap="lg">
        {children}
        {banner ? <Banner variant="error">{banner}</Banner> : null}
        {footer}
        <Actions>
          {onBack ? (
            <Button $variant="secondary" onClick={onBack} disabled={busy}>
              Back
            </Button>
          ) : (
            <span />
          )}
          {canContinue ? (
            <Button type="submit" aria-disabled={!valid || busy} aria-busy={busy || undefined}>
              {busy ? <Spinner /> : null}
              {continueLabel}
            </Button>
          ) : null}
        </Actions>
      </Stack>
    </form>
  );
}
