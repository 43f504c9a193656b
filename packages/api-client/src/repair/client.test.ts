/**
 * @jest-environment node
 */
import { json, setupClient } from '../test/fakes';
import type { CreateRmaPayload } from './types';
import { REPAIR_FORM_SELECTIONS_QUERY } from './client';

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
});
