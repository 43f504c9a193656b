import { pathFor } from './pathFor';

describe('pathFor', () => {
  it('returns the path of a route without parameters', () => {
    expect(pathFor('home')).toBe('/');
    expect(pathFor('rma-history')).toBe('/your-account/rma-history');
  });

  it('fills an optional parameter', () => {
    expect(pathFor('create-rma', { serial: 'RT10000001' })).toBe('/create-rma/RT10000001');
  });

  it('drops an optional parameter that is left out', () => {
    expect(pathFor('create-rma')).toBe('/create-rma');
    expect(pathFor('rma-confirm-quote', {})).toBe('/create-rma/confirm-quote');
  });

  it('encodes parameter values', () => {
    expect(pathFor('create-rma', { serial: 'A/B C' })).toBe('/create-rma/A%2FB%20C');
  });

  it('keeps a required parameter after an optional one', () => {
    expect(pathFor('pay-quote', { reference: 'R-1' })).toBe('/pay-quote/R-1');
    expect(pathFor('pay-quote', { quoteid: 'Q9', reference: 'R-1' })).toBe('/pay-quote/Q9/R-1');
  });

  it('throws when a required parameter is missing', () => {
    // @ts-expect-error reference is required
    expect(() => pathFor('pay-quote', {})).toThrow("missing required parameter 'reference'");
  });
});
