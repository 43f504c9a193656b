import 'styled-components';

/**
 * The portal's one theme. Colours, spacing and type live here and nowhere else: components read
 * them from `props.theme`.
 */
export const theme = {
  colors: {
    brand: '#0b4f6c',
    brandStrong: '#083a50',
    onBrand: '#ffffff',
    text: '#1c2430',
    textMuted: '#56606d',
    background: '#f3f5f7',
    surface: '#ffffff',
    surfaceMuted: '#eef1f4',
    border: '#cfd6de',
    borderStrong: '#8a96a3',
    focus: '#e39b00',
    disabled: '#a7b0ba',
    backdrop: 'rgba(16, 24, 40, 0.5)',
    info: { fg: '#0b4a75', bg: '#e7f1fa', border: '#9cc6e6' },
    warning: { fg: '#6b4700', bg: '#fff6db', border: '#e9c25a' },
    error: { fg: '#8f1d1d', bg: '#fdecec', border: '#e3a0a0' },
    success: { fg: '#1c5d2a', bg: '#e8f5eb', border: '#98cca5' },
  },
  space: {
    xxs: '2px',
    xs: '4px',
    sm: '8px',
    md: '16px',
    lg: '24px',
    xl: '32px',
    xxl: '48px',
  },
  radii: { sm: '4px', md: '8px', round: '50%' },
  font: {
    family:
      "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif",
    mono: "ui-monospace, SFMono-Regular, Menlo, Consolas, 'Liberation Mono', monospace",
    size: { xs: '0.75rem', sm: '0.875rem', md: '1rem', lg: '1.25rem', xl: '1.5rem', xxl: '2rem' },
    weight: { regular: 400, medium: 500, bold: 700 },
    lineHeight: { tight: 1.25, normal: 1.5 },
  },
  shadow: {
    card: '0 1px 2px rgba(16, 24, 40, 0.08), 0 1px 3px rgba(16, 24, 40, 0.12)',
  },
  size: {
    pageMaxWidth: '1120px',
    fieldMaxWidth: '420px',
    icon: '1.25rem',
    stepMarker: '2rem',
    unitImage: '160px',
    // A grid column's least width (minmax(columnMin, 1fr)), but never more than the grid: on a
    // narrow phone one column fills the width instead of overflowing it.
    columnMin: 'min(100%, 280px)',
    borderWidth: '1px',
    focusWidth: '3px',
    textAreaMinHeight: '8rem',
    dialogMaxWidth: '480px',
    dialogWideMaxWidth: '880px',
    chartHeight: '260px',
  },
  motion: { spin: '0.8s' },
} as const;

export type PortalTheme = typeof theme;

declare module 'styled-components' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  export interface DefaultTheme extends PortalTheme {}
}
