import type { ReactNode } from 'react';
import styled from 'styled-components';
import { Card, VisuallyHidden } from '@portal/ui';

const Figure = styled.figure`
  margin: 0;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.sm};

  figcaption {
    font-weight: ${({ theme }) => theme.font.weight.medium};
  }
`;

// chart.js sizes itself to this box (responsive, no fixed aspect ratio).
const Canvas = styled.div`
  position: relative;
  height: ${({ theme }) => theme.size.chartHeight};
`;

export interface FigureRow {
  label: string;
  values: readonly (string | number)[];
}

/**
 * One chart with its caption and the same figures as a table that only screen readers (and
 * tests) see: a canvas has no text of its own.
 */
export function ChartFigure({
  title,
  columns,
  rows,
  empty,
  children,
}: {
  title: string;
  columns: readonly string[];
  rows: readonly FigureRow[];
  empty: string;
  children: ReactNode;
}) {
  return (
    <Card>
      <Figure aria-label={title}>
        <figcaption>{title}</figcaption>
        {rows.length === 0 ? <p>{empty}</p> : <Canvas>{children}</Canvas>}
        <VisuallyHidden>
          <table aria-label={`${title} (table)`}>
            <thead>
              <tr>
                {columns.map((column) => (
                  <th key={column} scope="col">
                    {column}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.label}>
                  <th scope="row">{row.label}</th>
                  {row.values.map((value, index) => (
                    <td key={`${row.label}-${index}`}>{value}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </VisuallyHidden>
      </Figure>
    </Card>
  );
}
