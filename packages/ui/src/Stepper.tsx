import styled, { css } from 'styled-components';
import { VisuallyHidden } from './VisuallyHidden';

export interface StepperProps {
  /** Step titles in order. */
  steps: readonly string[];
  /** The active step, counted from 1. */
  current: number;
  /** Accessible name of the step list. */
  label?: string;
}

const List = styled.ol`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.md};
  margin: 0 0 ${({ theme }) => theme.space.lg};
  padding: 0;
  list-style: none;
`;

type StepState = 'done' | 'current' | 'upcoming';

const Item = styled.li<{ $state: StepState }>`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  color: ${({ theme, $state }) => ($state === 'upcoming' ? theme.colors.textMuted : theme.colors.text)};
  font-weight: ${({ theme, $state }) => ($state === 'current' ? theme.font.weight.bold : theme.font.weight.regular)};
`;

const Marker = styled.span<{ $state: StepState }>`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: ${({ theme }) => theme.size.stepMarker};
  height: ${({ theme }) => theme.size.stepMarker};
  border-radius: ${({ theme }) => theme.radii.round};
  border: ${({ theme }) => `${theme.size.borderWidth} solid ${theme.colors.borderStrong}`};
  background: ${({ theme }) => theme.colors.surface};
  ${({ $state, theme }) =>
    $state !== 'upcoming' &&
    css`
      background: ${theme.colors.brand};
      border-color: ${theme.colors.brand};
      color: ${theme.colors.onBrand};
    `}
`;

/**
 * The header of a multi-step flow. Steps are plain text, not links: moving between steps is the
 * flow's job (Continue, Back, Edit), never a click on the header.
 */
export function Stepper({ steps, current, label = 'Progress' }: StepperProps) {
  return (
    <nav aria-label={label}>
      <List>
        {steps.map((title, index) => {
          const number = index + 1;
          const state: StepState = number < current ? 'done' : number === current ? 'current' : 'upcoming';
          return (
            <Item key={title} $state={state} aria-current={state === 'current' ? 'step' : undefined}>
              <Marker $state={state} aria-hidden="true">
                {number}
              </Marker>
              <span>
                {title}
                {state === 'done' ? <VisuallyHidden> (completed)</VisuallyHidden> : null}
              </span>
            </Item>
          );
        })}
      </List>
    </nav>
  );
}
