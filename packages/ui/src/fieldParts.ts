import styled, { css } from 'styled-components';

/** The look every text-like control shares (input, select, textarea). */
export const controlStyles = css`
  font: inherit;
  padding: ${({ theme }) => theme.space.sm};
  border: ${({ theme }) => `${theme.size.borderWidth} solid ${theme.colors.borderStrong}`};
  border-radius: ${({ theme }) => theme.radii.sm};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};

  &[aria-invalid='true'] {
    border-color: ${({ theme }) => theme.colors.error.fg};
  }

  &:disabled {
    background: ${({ theme }) => theme.colors.surfaceMuted};
  }
`;

/**
 * A field's label, control, hint and error. It is never wider than where it stands: a select is
 * as wide as its longest option ("South Georgia & South Sandwich Islands (+500)"), which would
 * otherwise widen a phone's page.
 */
export const FieldBox = styled.div<{ $wide?: boolean }>`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xs};
  min-width: 0;
  max-width: ${({ theme, $wide }) => ($wide ? '100%' : `min(100%, ${theme.size.fieldMaxWidth})`)};
`;

export const FieldLabel = styled.label`
  font-weight: ${({ theme }) => theme.font.weight.medium};
`;

export const FieldHint = styled.div`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.font.size.sm};
`;

/**
 * A field's error line. Fields render it even when empty: the line's space is reserved, so a
 * message appearing when a field loses focus does not push the button the user is pressing away
 * from under the pointer (which would swallow the click).
 */
export const FieldError = styled.div`
  color: ${({ theme }) => theme.colors.error.fg};
  font-size: ${({ theme }) => theme.font.size.sm};
  line-height: ${({ theme }) => theme.font.lineHeight.normal};
  min-height: calc(${({ theme }) => `${theme.font.size.sm} * ${theme.font.lineHeight.normal}`});
`;

/** The ids and aria-describedby of a field's hint and error. */
export function describedBy(id: string, parts: { error?: string; hint?: string }) {
  const ids = [parts.error ? `${id}-error` : null, parts.hint ? `${id}-hint` : null].filter(Boolean).join(' ');
  return ids || undefined;
}
