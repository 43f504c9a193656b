import type { ComponentPropsWithoutRef } from 'react';
import styled from 'styled-components';

const TableElement = styled.table`
  border-collapse: collapse;
  width: 100%;

  caption {
    text-align: left;
    font-weight: ${({ theme }) => theme.font.weight.medium};
    margin-bottom: ${({ theme }) => theme.space.sm};
  }
  th,
  td {
    text-align: left;
    padding: ${({ theme }) => `${theme.space.sm} ${theme.space.md}`};
    border-bottom: ${({ theme }) => `${theme.size.borderWidth} solid ${theme.colors.border}`};
  }
  th {
    color: ${({ theme }) => theme.colors.textMuted};
    font-weight: ${({ theme }) => theme.font.weight.medium};
  }
`;

// Positioned, so the visually hidden texts in its cells (absolutely placed) scroll with it
// rather than widening the page from where the columns end.
const SidewaysScroll = styled.div`
  position: relative;
  overflow-x: auto;
`;

/**
 * A plain data table; give it a caption or aria-label. Where its columns are wider than the
 * screen (a phone), the table scrolls sideways on its own instead of widening the whole page.
 */
export function Table(props: ComponentPropsWithoutRef<'table'>) {
  return (
    <SidewaysScroll>
      <TableElement {...props} />
    </SidewaysScroll>
  );
}

/**
 * A definition list laid out as label/value rows (summary cards). A long label wraps rather than
 * take more than 40 % of the row, so on a phone the values keep room for whole words.
 */
export const FactList = styled.dl`
  display: grid;
  grid-template-columns: fit-content(40%) 1fr;
  gap: ${({ theme }) => `${theme.space.xs} ${theme.space.md}`};
  margin: 0;

  dt {
    color: ${({ theme }) => theme.colors.textMuted};
  }
  dd {
    margin: 0;
    overflow-wrap: anywhere;
  }
`;
