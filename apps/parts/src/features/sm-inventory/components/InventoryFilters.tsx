import { useState, type FormEvent } from 'react';
import styled from 'styled-components';
import type { InventoryFilter, WarrantyState } from '@portal/api-client';
import { Button, Card, CardTitle, SelectField, TextField } from '@portal/ui';
import { COPY, WARRANTY_TEXT } from '../copy';

const Grid = styled.form`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(${({ theme }) => theme.size.columnMin}, 1fr));
  gap: ${({ theme }) => theme.space.md};
  align-items: end;
`;

const OPEN_RMA = [
  { value: 'true', label: COPY.withOpenRma },
  { value: 'false', label: COPY.withoutOpenRma },
];

const WARRANTIES = (Object.keys(WARRANTY_TEXT) as WarrantyState[]).map((value) => ({ value, label: WARRANTY_TEXT[value] }));

export interface InventoryFiltersProps {
  filter: InventoryFilter;
  models: string[];
  onChange: (filter: InventoryFilter) => void;
}

/** The text search (applied on Search) and the model, warranty and open-RMA choices (applied at once). */
export function InventoryFilters({ filter, models, onChange }: InventoryFiltersProps) {
  const [text, setText] = useState(filter.q ?? '');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onChange({ ...filter, q: text.trim() });
  };
  const modelOptions = [...new Set([...models, ...(filter.model ? [filter.model] : [])])].map((m) => ({ value: m, label: m }));
  return (
    <Card aria-label={COPY.filtersTitle}>
      <CardTitle>{COPY.filtersTitle}</CardTitle>
      <Grid role="search" aria-label={COPY.filtersTitle} onSubmit={submit}>
        <TextField label={COPY.searchLabel} hint={COPY.searchHint} value={text} maxLength={100} onChange={(event) => setText(event.target.value)} />
        <div>
          <Button type="submit">{COPY.searchButton}</Button>
        </div>
        <SelectField
          label={COPY.modelLabel}
          placeholder={COPY.allModels}
          options={modelOptions}
          value={filter.model ?? ''}
          onChange={(model) => onChange({ ...filter, model })}
        />
        <SelectField
          label={COPY.warrantyLabel}
          placeholder={COPY.anyWarranty}
          options={WARRANTIES}
          value={filter.warranty ?? ''}
          onChange={(warranty) => onChange({ ...filter, warranty: warranty as WarrantyState | '' })}
        />
        <SelectField
          label={COPY.openRmaLabel}
          placeholder={COPY.anyOpenRma}
          options={OPEN_RMA}
          value={filter.openRma === undefined ? '' : String(filter.openRma)}
          onChange={(value) => onChange({ ...filter, openRma: value === '' ? undefined : value === 'true' })}
        />
        <div>
          <Button
            type="button"
            $variant="secondary"
            onClick={() => {
              setText('');
              onChange({});
            }}
          >
            {COPY.clearFilters}
          </Button>
        </div>
      </Grid>
    </Card>
  );
}
