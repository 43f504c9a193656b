import { runRule } from '@portal/rulebook';
import { isSerialValidForNewRma, parseSerial, type SerialEligibility } from './serial';

// The rulebook's serial rules (packages/rulebook/vectors), which api/rma applies on the server
// with the same vectors.

runRule<string, { serial: string } | { error: string }>('serial', parseSerial);

runRule<SerialEligibility, boolean>('serial-valid-for-new-rma', isSerialValidForNewRma);
