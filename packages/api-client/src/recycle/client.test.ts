/**
 * @jest-environment node
 */
import { json, setupClient } from '../test/fakes';
import { recyclePayload } from './fixtures';

describe('recycle client', () => {
  it('posts the recycle body with the bearer token and reads number, label and invoice', async () => {
    const { api, call } = setupClient([
      json(200, { rmaNumber: 'RMA-200001', label: '/shipping/documents/l1', commercialInvoice: null }),
    ]);

    const result = await api.recycle.createRecycle(recyclePayload());

    expect(result).toEqual({ rmaNumber: 'RMA-200001', label: '/shipping/documents/l1', commercialInvoice: null });
    const sent = call(0);
    expect(sent.method).toBe('POST');
    expect(sent.url).toBe('https://api.example.test/rma-manager/rma/recycle');
    expect(sent.headers.get('Authorization')).toBe('Bearer token-1');
    expect(sent.body).toEqual(recyclePayload());
  });

  it('turns empty documents into null', async () => {
    const { api } = setupClient([json(200, { rmaNumber: 'RMA-1', label: '', commercialInvoice: '' })]);

    await expect(api.recycle.createRecycle(recyclePayload())).resolves.toEqual({ rmaNumber: 'RMA-1', label: null, commercialInvoice: null });
  });

  it('rejects an in-warranty unit with the 409 body', async () => {
    const { api } = setupClient([
      json(409, { error: 'rma.inWarranty', message: 'This unit is still in warranty, so it cannot be recycled here. Open a repair instead.' }),
    ]);

    await expect(api.recycle.createRecycle(recyclePayload('RT10000001'))).rejects.toMatchObject({
      status: 409,
      error: 'rma.inWarranty',
    });
  });
});
