import styled from 'styled-components';
import { normalizeSerial, serialStatusText, showsInvalidSerialIcon } from '../index';
import { CheckCircleIcon, CrossCircleIcon, Row, Spinner, TextField } from '@portal/ui';
import type { SerialCheck } from './useSerialCheck';

export const SERIAL_LABEL = 'Serial Number';
export const CHECKING_TEXT = 'Checking serial…';

const Verdict = styled(Row)<{ $valid: boolean }>`
  color: ${({ theme, $valid }) => ($valid ? theme.colors.success.fg : theme.colors.error.fg)};
  font-weight: ${({ theme }) => theme.font.weight.medium};
`;

function statusLine(serial: string, check: SerialCheck) {
  if (check.status === 'checking') {
    return (
      <Row $gap="sm">
        <Spinner />
        <span>{CHECKING_TEXT}</span>
      </Row>
    );
  }
  const text = serialStatusText(check.status);
  if (!text) return null;
  const valid = check.status === 'valid';
  // 'Not found' and 'not valid' wait for a 10th character: a 9-character prefix is often just unfinished.
  if (!valid && !showsInvalidSerialIcon(serial)) return null;
  return (
    <Verdict $gap="xs" $valid={valid}>
      {valid ? <CheckCircleIcon /> : <CrossCircleIcon />}
      <span>{text}</span>
    </Verdict>
  );
}

export interface SerialFieldProps {
  value: string;
  onChange: (serial: string) => void;
  check: SerialCheck;
}

/** The serial input of step 1: upper-cased and trimmed as typed, with the live check result. */
export function SerialField({ value, onChange, check }: SerialFieldProps) {
  return (
    <TextField
      label={SERIAL_LABEL}
      name="serial"
      autoComplete="off"
      spellCheck={false}
      autoCapitalize="characters"
      value={value}
      onChange={(event) => onChange(normalizeSerial(event.target.value))}
      error={check.error ?? undefined}
      status={statusLine(value, check)}
    />
  );
}
