import { runRule } from '@portal/rulebook';
import { formatMoney, type MoneyAmount } from './money';

// The rulebook's price display (packages/rulebook/vectors), which api/pkg/money Money.String
// applies on the server (e-mails, messages) with the same vectors.
runRule<MoneyAmount, string>('price-display', formatMoney);
