import styled from 'styled-components';

const Svg = styled.svg`
  width: ${({ theme }) => theme.size.icon};
  height: ${({ theme }) => theme.size.icon};
  flex: none;
  fill: none;
  stroke: currentColor;
  stroke-width: 2;
  stroke-linecap: round;
  stroke-linejoin: round;
`;

/** Decorative icons: the text beside them carries the meaning, so they are hidden from assistive tech. */
export function CheckCircleIcon() {
  return (
    <Svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <circle cx="12" cy="12" r="10" />
      <path d="m7.5 12.5 3 3 6-6.5" />
    </Svg>
  );
}

export function CrossCircleIcon() {
  return (
    <Svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <circle cx="12" cy="12" r="10" />
      <path d="m9 9 6 6m0-6-6 6" />
    </Svg>
  );
}

export function AlertIcon() {
  return (
    <Svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d="M12 3 2 21h20L12 3z" />
      <path d="M12 10v5m0 3v.01" />
    </Svg>
  );
}

export function InfoIcon() {
  return (
    <Svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <circle cx="12" cy="12" r="10" />
      <path d="M12 11v6m0-10v.01" />
    </Svg>
  );
}
