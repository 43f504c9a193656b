/**
 * @jest-environment node
 */
import { json, setupClient } from '../test/fakes';

const where = {
  firstName: 'Casey',
  lastName: 'Morgan',
  line1: '1 Main St',
  line2: '',
  city: 'Austin',
  state: 'TX',
  postalCode: '78701',
  country: 'US',
};

describe('shipping client', () => {
  it('looks up drop-off offices near the address', async () => {
    const offices = [{ id: 'o1', name: 'Shipping Point', line1: '2 Oak', city: 'Austin', state: 'TX', postalCode: '78702', country: 'US', distanceMiles: 1.2, hours: '9-5', lat: 30, lng: -97 }];
    const { api, call } = setupClient([json(200, offices)]);

    await expect(api.shipping.offices(where)).resolves.toEqual(offices);
    const url = new URL(call(0).url);
    expect(url.pathname).toBe('/shipping/offices');
    expect(Object.fromEntries(url.searchParams)).toEqual(where);
    expect(call(0).headers.get('Authorization')).toBe('Bearer token-1');
  });

  it('downloads a document as a blob with the bearer token', async () => {
    const pdf = new Response(new Blob(['%PDF-1.7']), { status: 200, headers: { 'Content-Type': 'application/pdf' } });
    const { api, call } = setupClient([pdf]);

    const blob = await api.shipping.document('/shipping/documents/l1');

    expect(await blob.text()).toBe('%PDF-1.7');
    expect(call(0).url).toBe('https://api.example.test/shipping/documents/l1');
    expect(call(0).headers.get('Authorization')).toBe('Bearer token-1');
  });

  it('rejects an expired label with the 410 message', async () => {
    const { api } = setupClient([json(410, { error: 'shipping.labelExpired', message: 'This label expired on Jan 5 2027.' })]);

    await expect(api.shipping.document('/shipping/documents/l1')).rejects.toMatchObject({
      status: 410,
      message: 'This label expired on Jan 5 2027.',
    });
  });

  it('never sends the token to a path that is not a shipping document', async () => {
    const { api, fetch } = setupClient();

    await expect(api.shipping.document('https://elsewhere.example/x.pdf')).rejects.toThrow('Not a shipping document path');
    expect(fetch).not.toHaveBeenCalled();
  });
});
