import type { PaymentOptions, RmaDiagnosis } from '@portal/api-client';
import { emptyPayment } from '@portal/forms';
import { awaitsDecision, decisionInput, validateDecision } from './decision';

const diagnosis: RmaDiagnosis = {
  at: '2026-03-06T10:00:00Z',
  outcome: 'REVISED_QUOTE',
  findings: [],
  technicianNote: '',
  lineItems: [],
  total: '240.00',
  alreadyPaid: '0.00',
  amountDue: '240.00',
  quoteId: 'QT-1',
  choices: [
    { choice: 'APPROVE', price: '240.00' },
    { choice: 'RETURN_UNREPAIRED', price: '45.00' },
    { choice: 'RECYCLE', price: '0.00' },
  ],
  decideBy: '2026-04-05T10:00:00Z',
  decision: null,
};

const CARD_ONLY: PaymentOptions = { methods: ['PayPal'], defaultMethod: 'PayPal', poReleaseRequired: false, discountPercent: 0 };
const PO_WITH_RELEASE: PaymentOptions = { methods: ['PayPal', 'PO'], defaultMethod: 'PO', poReleaseRequired: true, discountPercent: 0 };

describe('awaitsDecision', () => {
  const rma = { mine: true, status: 'QUOTE_PENDING', diagnosis };

  it('asks the owner of a quote pending with choices and no decision', () => {
    expect(awaitsDecision(rma)).toBe(true);
  });

  it.each([
    ['an organization member', { ...rma, mine: false }],
    ['an RMA no longer quote pending', { ...rma, status: 'REPAIRING' }],
    ['a covered diagnosis', { ...rma, diagnosis: { ...diagnosis, outcome: 'COVERED' as const, choices: [] } }],
    ['no diagnosis', { ...rma, diagnosis: null }],
    ['a decision by PO', { ...rma, diagnosis: { ...diagnosis, decision: { choice: 'APPROVE' as const, at: '2026-03-07T10:00:00Z', paymentMethod: 'PO' as const, paid: false } } }],
  ])('does not ask %s', (_, details) => {
    expect(awaitsDecision(details)).toBe(false);
  });

  it('asks again after a card approval that is not paid yet', () => {
    const decision = { choice: 'APPROVE' as const, at: '2026-03-07T10:00:00Z', paymentMethod: 'CREDIT_CARD' as const, paid: false };
    expect(awaitsDecision({ ...rma, diagnosis: { ...diagnosis, decision } })).toBe(true);
  });
});

describe('validateDecision', () => {
  it('needs a choice', () => {
    expect(validateDecision({ choice: '', payment: emptyPayment }, null)).toEqual({ choice: 'Required' });
  });

  it('needs nothing more to return or recycle', () => {
    expect(validateDecision({ choice: 'RETURN_UNREPAIRED', payment: emptyPayment }, null)).toEqual({});
    expect(validateDecision({ choice: 'RECYCLE', payment: emptyPayment }, null)).toEqual({});
  });

  it('approves by card with nothing to fill in', () => {
    expect(validateDecision({ choice: 'APPROVE', payment: emptyPayment }, CARD_ONLY)).toEqual({});
  });

  it('applies the spec §5 PO rules when the method is PO, the default for PO holders', () => {
    expect(validateDecision({ choice: 'APPROVE', payment: emptyPayment }, PO_WITH_RELEASE)).toEqual({
      poNumber: 'Required',
      poRelease: 'Required',
      poFile: 'Must Attach Files',
    });
    expect(
      validateDecision({ choice: 'APPROVE', payment: { method: 'PO', poNumber: 'PO-7', poRelease: '123', poFile: { fileId: 'f', originalname: 'po.pdf' } } }, PO_WITH_RELEASE),
    ).toEqual({ poRelease: 'Must be 4 or 5 digits' });
  });
});

describe('decisionInput', () => {
  it('sends only the choice to return or recycle', () => {
    expect(decisionInput({ choice: 'RECYCLE', payment: emptyPayment }, null)).toEqual({ choice: 'RECYCLE' });
  });

  it('approves by card without a PO', () => {
    expect(decisionInput({ choice: 'APPROVE', payment: { ...emptyPayment, method: 'PayPal' } }, PO_WITH_RELEASE)).toEqual({
      choice: 'APPROVE',
      paymentData: { paymentMethod: 'CREDIT_CARD' },
    });
  });

  it('approves by PO with its release as PO-release and the file id', () => {
    const payment = { method: 'PO' as const, poNumber: ' PO-7 ', poRelease: '12345', poFile: { fileId: 'f-1', originalname: 'po.pdf' } };
    expect(decisionInput({ choice: 'APPROVE', payment }, PO_WITH_RELEASE)).toEqual({
      choice: 'APPROVE',
      paymentData: { paymentMethod: 'PO', customerPO: 'PO-7-12345', customerPOFileId: 'f-1' },
    });
  });
});
