import { runRule } from '@portal/rulebook';
import { noPoBox } from './rules';

// The rulebook's PO box rule (packages/rulebook/vectors), which api/geo IsPOBox applies on the
// server with the same vectors.
runRule<string, boolean>('po-box', (line) => noPoBox(line) !== undefined);
