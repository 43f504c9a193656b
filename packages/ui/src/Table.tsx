import styled from 'styled-components';

/** A plain data table; give it a caption or aria-label. */
export const Table = styled.table`
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

/** A definition list laid out as label/value rows (summary cards). */
export const FactList = styled.dl`
  display: grid;
  grid-template-columns: max-content 1fr;
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
