/**
 * @jest-environment node
 */
import { json, setupClient } from '../test/fakes';
import type { CreateRmaPayload } from './types';
import { PREFETCH_TTL_MS, REPAIR_FORM_SELECTIONS_QUERY } from './client';

const payload: CreateRmaPayload = {
  serial: 'RT10000001',
  rmaInput: {
    rmaType: 'REPAIR',
    primaryFault: 'Display',
    problem: 'Cracked screen',
    initialNotes: 'Dropped on concrete',
    permissions: {
      reimage: false,
      biosFirmware: true,
      userId: '',
      userPassword: '',
      biosPassword: '',
      hasDeviceData: false,
      acknowledgeClickWrapAgreement: false,
      acknowledgeHddBackup: true,
    },
    acc: { acPower: true, storage: false, hardCase: false, battery: true },
    customerReference: 'PO-7',
    assetTag: 'A-1',
    attachments: ['b-1.jpg'],
  },
  address: { line1: '1 Main St', line2: '', city: 'Austin', state: 'TX', country: 'US', postalCode: '78701' },
  contact: {
    firstName: 'Casey',
    lastName: 'Morgan',
    email: 'casey@example.com',
    phone: '5125550142',
    phoneCountryCode: 'US',
    company: '',
    position: '',
  },
  packaging: { havePackaging: true, requestBox: false, forgoShipping: false },
};

describe('repair client', () => {
  describe('a prefetched serial check', () => {
    const unit = { serial: 'RT10000001', modelFamily: 'Ranger' };

    it('answers the next check of the same serial without asking again', async () => {
      const { api, fetch } = setupClient([json(200, unit), json(200, unit)]);

      await expect(api.repair.prefetchSerial('RT10000001')).resolves.toEqual({ kind: 'found', unit });
      await expect(api.repair.verifySerial('RT10000001')).resolves.toEqual({ kind: 'found', unit });
      expect(fetch).toHaveBeenCalledTimes(1);

      // Taken once: a later check asks again.
      await api.repair.verifySerial('RT10000001');
      expect(fetch).toHaveBeenCalledTimes(2);
    });

    it('is not taken by another serial, nor once it is old', async () => {
      const now = jest.spyOn(Date, 'now').mockReturnValue(1_000_000);
      const { api, fetch } = setupClient([json(200, unit), json(404, {}), json(200, unit)]);

      await api.repair.prefetchSerial('RT10000001');
      await expect(api.repair.verifySerial('RT10000002')).resolves.toEqual({ kind: '404' });
      now.mockReturnValue(1_000_000 + PREFETCH_TTL_MS);
      await api.repair.verifySerial('RT10000001');
      expect(fetch).toHaveBeenCalledTimes(3);
    });

    it('hands its failure to the check that takes it', async () => {
      const { api } = setupClient([json(503, { error: 'unavailable', message: 'down' })]);

      void api.repair.prefetchSerial('RT10000001');
      await expect(api.repair.verifySerial('RT10000001')).rejects.toMatchObject({ status: 503 });
    });

    it('is there to read, without taking it, once its answer has arrived', async () => {
      let arrive: (response: Response) => void = () => undefined;
      const { api, fetch } = setupClient();
      fetch.mockReturnValueOnce(new Promise<Response>((resolve) => (arrive = resolve)));

      const prefetch = api.repair.prefetchSerial('RT10000001');
      expect(api.repair.prefetchedSerial('RT10000001')).toBeUndefined(); // on its way
      arrive(json(200, unit));
      await prefetch;
      expect(api.repair.prefetchedSerial('RT10000001')).toEqual({ kind: 'found', unit });
      expect(api.repair.prefetchedSerial('RT10000002')).toBeUndefined();

      // Read, not taken: the check that follows takes it without asking again.
      await expect(api.repair.verifySerial('RT10000001')).resolves.toEqual({ kind: 'found', unit });
      expect(fetch).toHaveBeenCalledTimes(1);
      expect(api.repair.prefetchedSerial('RT10000001')).toBeUndefined();
    });

    it('is not there to read once it is old, nor when it failed', async () => {
      const now = jest.spyOn(Date, 'now').mockReturnValue(1_000_000);
      const { api } = setupClient([json(200, unit), json(503, { error: 'unavailable', message: 'down' })]);

      await api.repair.prefetchSerial('RT10000001');
      now.mockReturnValue(1_000_000 + PREFETCH_TTL_MS);
      expect(api.repair.prefetchedSerial('RT10000001')).toBeUndefined();

      await api.repair.prefetchSerial('RT10000001').catch(() => undefined);
      expect(api.repair.prefetchedSerial('RT10000001')).toBeUndefined();
    });

    it("stops the taking check's wait when that check is aborted", async () => {
      const { api, fetch } = setupClient();
      fetch.mockImplementation(() => new Promise(() => undefined));

      void api.repair.prefetchSerial('RT10000001');
      const controller = new AbortController();
      const check = api.repair.verifySerial('RT10000001', { signal: controller.signal });
      controller.abort();
      await expect(check).rejects.toMatchObject({ name: 'AbortError' });
    });
  });

  it('asks GraphQL for the repair form selections of a unit', async () => {
    const selections = [{ name: 'Display', options: [{ name: 'Cracked screen', price: { cents: 28900, currency: 'USD' }, tip: 'Back up first' }] }];
    const { api, call } = setupClient([json(200, { data: { repairFormSelections: selections } })]);

    await expect(
      api.repair.repairFormSelections({ pn: 'RL14-G2-16', model: 'RL14', rmaType: 'REPAIR', serial: 'RT10000001' }),
    ).resolves.toEqual(selections);

    expect(call(0).body).toEqual({
      query: REPAIR_FORM_SELECTIONS_QUERY,
      variables: { pn: 'RL14-G2-16', model: 'RL14', rmaType: 'REPAIR', serial: 'RT10000001' },
    });
  });

  it('reads a null selection list as empty', async () => {
    const { api } = setupClient([json(200, { data: { repairFormSelections: null } })]);

    await expect(api.repair.repairFormSelections({ pn: 'p', model: 'm', rmaType: 'REPAIR', serial: 's' })).resolves.toEqual([]);
  });

  it('posts the create payload with the idempotency key', async () => {
    const { api, call } = setupClient([
      json(200, { rmaNumber: 'RMA-100418', label: '/shipping/documents/l1', commercialInvoice: null, shippingError: null }),
    ]);

    await expect(api.repair.createRma(payload, 'key-1')).resolves.toEqual({
      rmaNumber: 'RMA-100418',
      label: '/shipping/documents/l1',
      commercialInvoice: null,
      shippingError: null,
    });
    expect(call(0)).toMatchObject({ url: 'https://api.example.test/rma-manager/rma/create', method: 'POST', body: payload });
    expect(call(0).headers.get('Idempotency-Key')).toBe('key-1');
    expect(call(0).headers.get('Content-Type')).toBe('application/json');
  });

  it('rejects a validation failure with its message and field errors', async () => {
    const { api } = setupClient([
      json(400, { error: 'validation', message: 'Check the form', fields: { 'address.line1': 'Cannot be a PO box' } }),
    ]);

    await expect(api.repair.createRma(payload, 'key-1')).rejects.toMatchObject({
      status: 400,
      message: 'Check the form',
      fields: { 'address.line1': 'Cannot be a PO box' },
    });
  });

  it('rejects a 409 for a serial that cannot get a new RMA', async () => {
    const { api } = setupClient([json(409, { error: 'rma.notValidForNewRma', message: 'Serial not valid for new RMA' })]);

    await expect(api.repair.createRma(payload, 'key-1')).rejects.toMatchObject({ status: 409, error: 'rma.notValidForNewRma' });
  });

  it('resolves a failure that carries an rmaNumber as created, with the message as shipping error', async () => {
    const { api } = setupClient([json(502, { error: 'shipping.labelFailed', message: 'Carrier down', rmaNumber: 'RMA-100419' })]);

    await expect(api.repair.createRma(payload, 'key-1')).resolves.toEqual({
      rmaNumber: 'RMA-100419',
      label: null,
      commercialInvoice: null,
      shippingError: 'Carrier down',
    });
  });

  const oow = { ...payload, paymentData: { paymentMethod: 'PayPal' as const, customerPO: '', customerPOFileId: '', save: false, quoteId: '' } };

  it('reads the payment options', async () => {
    const options = { methods: ['PayPal', 'PO'], defaultMethod: 'PO', poReleaseRequired: true, discountPercent: 10 };
    const { api, call } = setupClient([json(200, options)]);

    await expect(api.repair.paymentOptions()).resolves.toEqual(options);
    expect(call(0)).toMatchObject({ url: 'https://api.example.test/rma-manager/rma/payment-options', method: 'GET' });
  });

  it('posts an out-of-warranty create with paymentData and the idempotency key', async () => {
    const { api, call } = setupClient([json(200, { rmaNumber: 'RMA-100420', quoteId: 'QT-ABCDEFGHIJKL', paymentUrl: 'https://paypal.test/approve' })]);

    await expect(api.repair.createOowRma(oow, 'key-2')).resolves.toEqual({
      rmaNumber: 'RMA-100420',
      quoteId: 'QT-ABCDEFGHIJKL',
      paymentUrl: 'https://paypal.test/approve',
      quoteData: null,
    });
    expect(call(0)).toMatchObject({ url: 'https://api.example.test/rma-manager/rma/create/oow', method: 'POST', body: oow });
    expect(call(0).headers.get('Idempotency-Key')).toBe('key-2');
  });

  it('answers a saved quote with its data and no RMA', async () => {
    const quoteData = { shipping: {}, externalResource: { serial: 'RT10000001' }, total: { cents: 28900, currency: 'USD' } };
    const { api } = setupClient([json(200, { rmaNumber: '', quoteId: 'QT-ABCDEFGHIJKL', paymentUrl: '', quoteData })]);

    await expect(api.repair.createOowRma({ ...oow, paymentData: { ...oow.paymentData, save: true } }, 'k')).resolves.toEqual({
      rmaNumber: '',
      quoteId: 'QT-ABCDEFGHIJKL',
      paymentUrl: '',
      quoteData,
    });
  });

  it('rejects a PO payment from a customer without the permission with 403', async () => {
    const { api } = setupClient([json(403, { error: 'payments.poNotAllowed', message: 'Your account cannot pay by purchase order.' })]);

    await expect(api.repair.createOowRma(oow, 'k')).rejects.toMatchObject({ status: 403, error: 'payments.poNotAllowed' });
  });

  it('processes a paid RMA with the token and answers the label', async () => {
    const { api, call } = setupClient([json(200, { rmaNumber: 'RMA-100420', label: '/shipping/documents/l2', commercialInvoice: '', shippingError: '' })]);

    await expect(api.repair.processOow({ rmaNumber: 'RMA-100420', serial: 'RT10000001', token: 'ORDER-1' })).resolves.toEqual({
      rmaNumber: 'RMA-100420',
      label: '/shipping/documents/l2',
      commercialInvoice: null,
      shippingError: null,
    });
    expect(call(0)).toMatchObject({
      url: 'https://api.example.test/rma-manager/rma/process/oow',
      body: { rmaNumber: 'RMA-100420', serial: 'RT10000001', token: 'ORDER-1' },
    });
  });

  it('leaves the token out when there is none (PO)', async () => {
    const { api, call } = setupClient([json(200, { rmaNumber: 'RMA-1', label: null, commercialInvoice: null, shippingError: null })]);

    await api.repair.processOow({ rmaNumber: 'RMA-1', serial: 'RT10000001' });
    expect(call(0).body).toEqual({ rmaNumber: 'RMA-1', serial: 'RT10000001' });
  });

  it('rejects a declined payment even when the body names the RMA', async () => {
    const { api } = setupClient([json(409, { error: 'payments.declined', message: 'The payment was declined.', rmaNumber: 'RMA-1' })]);

    await expect(api.repair.processOow({ rmaNumber: 'RMA-1', serial: 'RT10000001' })).rejects.toMatchObject({ status: 409, error: 'payments.declined' });
  });

  it('resolves a label failure that names the RMA as processed, with the shipping error', async () => {
    const { api } = setupClient([json(502, { error: 'shipping.labelFailed', message: 'Carrier down', rmaNumber: 'RMA-1' })]);

    await expect(api.repair.processOow({ rmaNumber: 'RMA-1', serial: 'RT10000001' })).resolves.toMatchObject({ rmaNumber: 'RMA-1', shippingError: 'Carrier down' });
  });

  it('cancels an RMA by number', async () => {
    const { api, call } = setupClient([json(200, { rmaNumber: 'RMA-1', status: 'CANCELLED' })]);

    await expect(api.repair.cancelRma('RMA-1')).resolves.toEqual({ rmaNumber: 'RMA-1', status: 'CANCELLED' });
    expect(call(0)).toMatchObject({ url: 'https://api.example.test/rma-manager/rma/cancel', method: 'POST', body: { rmaNumber: 'RMA-1' } });
  });

  it('keeps the RMA as stored that a processed payment answers: unit, summary and receipt', async () => {
    const unit = { serial: 'RT10000002', model: 'ST12', modelFamily: 'Summit', pn: 'ST12-G2-16', productType: 'TABLET' };
    const summary = { rmaType: 'REPAIR', packaging: 'label' };
    const receipt = { amount: { cents: 28900, currency: 'USD' }, method: 'PayPal', reference: 'CAP-1', paidAt: '2026-03-02T15:04:00Z' };
    const { api } = setupClient([json(200, { rmaNumber: 'RMA-1', label: '/l', commercialInvoice: null, shippingError: null, unit, summary, receipt })]);

    await expect(api.repair.processOow({ rmaNumber: 'RMA-1', serial: 'RT10000002' })).resolves.toEqual({
      rmaNumber: 'RMA-1',
      label: '/l',
      commercialInvoice: null,
      shippingError: null,
      stored: { unit, summary, receipt },
    });
  });

  it("answers the caller's RMA awaiting its payment on a unit, and null for none (404)", async () => {
    const pending = { rmaNumber: 'RMA-1', serial: 'RT10000002', rmaType: 'REPAIR', quoteId: 'QT-1', amount: { cents: 28900, currency: 'USD' }, createdAt: '2026-03-02T14:00:00Z' };
    const { api, call } = setupClient([json(200, pending), json(404, { error: 'rma.notFound', message: 'RMA not found' })]);

    await expect(api.repair.awaitingPayment('RT10000002')).resolves.toEqual(pending);
    expect(call(0)).toMatchObject({ url: 'https://api.example.test/rma-manager/rma/awaiting-payment?serial=RT10000002', method: 'GET' });
    await expect(api.repair.awaitingPayment('RT10000001')).resolves.toBeNull();
  });

  it('pays an RMA again by number', async () => {
    const answer = { rmaNumber: 'RMA-1', quoteId: 'QT-1', paymentUrl: 'https://paypal.test/checkoutnow?token=ORDER-1' };
    const { api, call } = setupClient([json(200, answer)]);

    await expect(api.repair.payRma('RMA-1')).resolves.toEqual(answer);
    expect(call(0)).toMatchObject({ url: 'https://api.example.test/rma-manager/rma/pay', method: 'POST', body: { rmaNumber: 'RMA-1' } });
  });

  it('sends a decision to the RMA’s own path, reading an absent payment link as null', async () => {
    const { api, call } = setupClient([
      json(200, { status: 'REPAIRING', paymentUrl: null }),
      json(200, { status: 'QUOTE_PENDING', paymentUrl: 'https://pay.test/quote/QT-9' }),
    ]);

    const po = { paymentMethod: 'PO' as const, customerPO: 'PO-1-12345', customerPOFileId: 'f-1' };
    await expect(api.repair.decide('RMA-100501', { choice: 'APPROVE', paymentData: po })).resolves.toEqual({ status: 'REPAIRING', paymentUrl: null });
    expect(call(0)).toMatchObject({
      url: 'https://api.example.test/rma-manager/rma/RMA-100501/decision',
      method: 'POST',
      body: { choice: 'APPROVE', paymentData: po },
    });
    await expect(api.repair.decide('RMA-100501', { choice: 'APPROVE', paymentData: { paymentMethod: 'CREDIT_CARD' } })).resolves.toEqual({
      status: 'QUOTE_PENDING',
      paymentUrl: 'https://pay.test/quote/QT-9',
    });
  });
});
