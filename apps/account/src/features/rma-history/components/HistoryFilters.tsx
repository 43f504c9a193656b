import styled from 'styled-components';
import { SelectField, TextField } from '@portal/ui';
import { PAGE_SIZES } from '../hooks/useRmaHistory';

/** The REST filterText limit (contract): longer text is refused by the server. */
export const FILTER_TEXT_MAX = 100;

export const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;
const MONTH_NAMES = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

const Bar = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  gap: ${({ theme }) => theme.space.md};
`;

const Group = styled.fieldset`
  margin: 0;
  padding: ${({ theme }) => theme.space.sm};
  border: ${({ theme }) => `${theme.size.borderWidth} solid ${theme.colors.border}`};
  border-radius: ${({ theme }) => theme.radii.sm};
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.sm};

  legend {
    font-weight: ${({ theme }) => theme.font.weight.medium};
    padding: 0 ${({ theme }) => theme.space.xs};
  }
  label {
    display: inline-flex;
    align-items: center;
    gap: ${({ theme }) => theme.space.xs};
    cursor: pointer;
  }
  input {
    accent-color: ${({ theme }) => theme.colors.brand};
  }
`;

function toggle(list: readonly number[], value: number, on: boolean): number[] {
  const next = on ? [...list, value] : list.filter((v) => v !== value);
  return [...new Set(next)].sort((a, b) => a - b);
}

/** A multi-choice filter as a group of checkboxes (every choice labelled, usable by keyboard). */
function MultiFilter({
  legend,
  options,
  selected,
  onChange,
}: {
  legend: string;
  options: readonly { value: number; label: string; name: string }[];
  selected: readonly number[];
  onChange: (next: number[]) => void;
}) {
  return (
    <Group>
      <legend>{legend}</legend>
      {options.map((option) => (
        <label key={option.value}>
          <input
            type="checkbox"
            aria-label={option.name}
            checked={selected.includes(option.value)}
            onChange={(event) => onChange(toggle(selected, option.value, event.target.checked))}
          />
          <span aria-hidden="true">{option.label}</span>
        </label>
      ))}
    </Group>
  );
}

export interface HistoryFiltersProps {
  text: string;
  onText: (text: string) => void;
  years: readonly number[];
  yearOptions: readonly number[];
  onYears: (years: number[]) => void;
  months: readonly number[];
  onMonths: (months: number[]) => void;
  pageSize: number;
  onPageSize: (size: number) => void;
}

export function HistoryFilters(props: HistoryFiltersProps) {
  return (
    <Stacked>
      <Bar>
        <TextField
          label="Filter"
          type="search"
          value={props.text}
          maxLength={FILTER_TEXT_MAX}
          hint="RMA number, serial, model, reference or asset tag"
          onChange={(event) => props.onText(event.target.value)}
        />
        <SelectField
          label="RMAs per page"
          value={String(props.pageSize)}
          options={PAGE_SIZES.map((size) => ({ value: String(size), label: String(size) }))}
          onChange={(value) => props.onPageSize(Number(value))}
        />
      </Bar>
      <Bar>
        <MultiFilter
          legend="Year"
          options={props.yearOptions.map((year) => ({ value: year, label: String(year), name: String(year) }))}
          selected={props.years}
          onChange={props.onYears}
        />
        <MultiFilter
          legend="Month"
          options={MONTHS.map((label, index) => ({ value: index + 1, label, name: MONTH_NAMES[index] ?? label }))}
          selected={props.months}
          onChange={props.onMonths}
        />
      </Bar>
    </Stacked>
  );
}

const Stacked = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.sm};
`;
