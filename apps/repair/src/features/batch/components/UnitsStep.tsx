import { useState } from 'react';
import { Banner, Button, FilePicker, Loading, MutedText, Row, Stack, TextAreaField, TextField } from '@portal/ui';
import { COPY } from '../copy';
import type { UnitsSource } from '../hooks/useUnitsSource';
import type { PageRow } from '../model/rows';

/** What the file input takes: CSV and XLSX (the server tells them apart by their bytes). */
const ACCEPTED_FILES = '.csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export interface UnitsStepProps {
  rows: readonly PageRow[];
  source: UnitsSource;
  /** Refused units (too many rows), from the page's state. */
  unitsError: string | null;
  onScan: (serial: string) => void;
  onClear: () => void;
  onContinue: () => void;
  checking: boolean;
}

/**
 * Step 1: bring the units. A CSV or XLSX file, a pasted list, or a scanner (the scan field keeps
 * the focus; each Enter adds a row). Whatever is brought is added to the rows already there.
 */
export function UnitsStep({ rows, source, unitsError, onScan, onClear, onContinue, checking }: UnitsStepProps) {
  const [pasted, setPasted] = useState('');
  const [scanned, setScanned] = useState('');
  const last = rows.at(-1)?.values.serial ?? '';

  return (
    <Stack $gap="lg">
      <Row>
        <Button $variant="secondary" onClick={source.downloadTemplate}>
          {COPY.template}
        </Button>
      </Row>
      <FilePicker
        legend={COPY.fileLegend}
        chooseText={COPY.fileChoose}
        help={COPY.fileHelp}
        accept={ACCEPTED_FILES}
        uploading={[]}
        attached={[]}
        onChoose={([file]) => {
          if (file) source.readFile(file);
        }}
      />
      <Stack $gap="sm">
        <TextAreaField
          label={COPY.pasteLabel}
          name="pasted"
          hint={COPY.pasteHint}
          value={pasted}
          onChange={(event) => setPasted(event.target.value)}
        />
        <Row>
          <Button
            $variant="secondary"
            aria-disabled={pasted.trim() === '' || source.reading !== null || undefined}
            onClick={() => {
              if (pasted.trim() === '' || source.reading !== null) return;
              void source.readPaste(pasted).then((read) => {
                if (read) setPasted('');
              });
            }}
          >
            {COPY.pasteAdd}
          </Button>
        </Row>
      </Stack>
      <TextField
        // A scanner types into whatever has the focus: the scan field has it when the step opens.
        autoFocus
        label={COPY.scanLabel}
        name="scan"
        hint={COPY.scanHint}
        autoComplete="off"
        spellCheck={false}
        value={scanned}
        onChange={(event) => setScanned(event.target.value)}
        onKeyDown={(event) => {
          if (event.key !== 'Enter') return;
          event.preventDefault();
          if (scanned.trim() === '') return;
          onScan(scanned);
          setScanned('');
        }}
      />
      {source.reading ? <Loading>{COPY.reading(source.reading)}</Loading> : null}
      {source.error ? <Banner variant="error">{source.error}</Banner> : null}
      {unitsError ? <Banner variant="error">{unitsError}</Banner> : null}
      <Stack $gap="sm" role="status">
        <p>{COPY.unitsSoFar(rows.length)}</p>
        {source.added !== null ? <MutedText>{COPY.added(source.added)}</MutedText> : null}
        {last ? <MutedText>{COPY.lastAdded(last)}</MutedText> : null}
      </Stack>
      <Row>
        {rows.length > 0 ? (
          <Button $variant="secondary" onClick={onClear}>
            {COPY.clearAll}
          </Button>
        ) : null}
        <Button
          aria-disabled={rows.length === 0 || checking || undefined}
          aria-busy={checking || undefined}
          onClick={() => {
            if (rows.length > 0 && !checking) onContinue();
          }}
        >
          {COPY.checkUnits}
        </Button>
      </Row>
      {checking ? <Loading>{COPY.checking}</Loading> : null}
    </Stack>
  );
}
