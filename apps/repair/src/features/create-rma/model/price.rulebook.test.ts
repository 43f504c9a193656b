import type { Money } from '@portal/api-client';
import { runRule } from '@portal/rulebook';
import { discounted } from './price';

// The rulebook's flat discount (packages/rulebook/vectors), which api/pkg/money Money.Discounted
// applies on the server with the same vectors: the browser shows exactly what will be charged.
runRule<{ price: Money; percent: number }, Money>('discount', ({ price, percent }) => discounted(price, percent));
