import { useCallback, useEffect, useRef, useState, type Dispatch } from 'react';
import { useApi } from '@portal/auth';
import { isAbortError } from '@portal/api-client';
import { saveBlob } from '@portal/ui';
import { COPY } from '../copy';
import { messageOf } from '../model/errors';
import type { BatchEvent } from '../model/machine';
import { MAX_BATCH_ROWS, pastedCsv, pastedFile } from '../model/rows';

export interface UnitsSource {
  /** The file (or pasted list) being parsed, by name. */
  reading: string | null;
  /** The parse's refusal (the API's words) or the template's failure. */
  error: string | null;
  /** How many rows the last file or paste added. */
  added: number | null;
  readFile: (file: File) => void;
  /** Resolves true when the paste was read into rows (the field may then be emptied). */
  readPaste: (text: string) => Promise<boolean>;
  downloadTemplate: () => void;
}

/**
 * Where the batch's units come from: a CSV or XLSX file, or a pasted list sent as a CSV file, both
 * read by the API's parse (one reader, one set of rules and messages), and the template.
 */
export function useUnitsSource(dispatch: Dispatch<BatchEvent>, rowCount: number): UnitsSource {
  const { batch } = useApi();
  const [reading, setReading] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [added, setAdded] = useState<number | null>(null);
  const inFlight = useRef<AbortController | null>(null);
  const count = useRef(rowCount);
  useEffect(() => {
    count.current = rowCount;
  });

  useEffect(() => () => inFlight.current?.abort(), []);

  const parse = useCallback(
    async (file: File, name: string): Promise<boolean> => {
      inFlight.current?.abort();
      const controller = new AbortController();
      inFlight.current = controller;
      setReading(name);
      setError(null);
      setAdded(null);
      try {
        const rows = await batch.parseBatchFile(file, { signal: controller.signal });
        if (controller.signal.aborted) return false;
        if (rows.length === 0) {
          setError(COPY.emptyFile);
          return false;
        }
        const total = count.current + rows.length;
        if (total > MAX_BATCH_ROWS) {
          setError(COPY.tooManyRows(total));
          return false;
        }
        dispatch({ type: 'add', rows });
        setAdded(rows.length);
        return true;
      } catch (failure) {
        if (isAbortError(failure) || controller.signal.aborted) return false;
        setError(messageOf(failure));
        return false;
      } finally {
        if (inFlight.current === controller) {
          inFlight.current = null;
          setReading(null);
        }
      }
    },
    [batch, dispatch],
  );

  return {
    reading,
    error,
    added,
    readFile: (file) => void parse(file, file.name),
    readPaste: async (text) => {
      const csv = pastedCsv(text);
      if (csv === null) return false;
      return parse(pastedFile(csv), COPY.pasteLabel.toLowerCase());
    },
    downloadTemplate: () => {
      setError(null);
      batch.downloadBatchTemplate().then(
        (blob) => saveBlob(blob, 'rma-batch-template.csv'),
        () => setError(COPY.templateFailed),
      );
    },
  };
}
