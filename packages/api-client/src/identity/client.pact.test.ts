/**
 * @jest-environment node
 */
// Consumer contract of GET /me (identity module, process `identity`): the profile @portal/auth's
// Session reads after every sign-in and refresh for names, roles, organization, discount and the
// address used as form defaults. api/identity/identitypact verifies it against the real router
// and the embedded provider's seeded users, with state handlers keyed by these state strings,
// word for word, signing the bearer token as the user the state names.
import { MatchersV3 } from '@pact-foundation/pact';
import { bearer, clientAt, pactWith, signedIn } from '../test/pact';

const { like, eachLike } = MatchersV3;

const pact = pactWith('portal-identity-api');

// Provider states (api/identity/identitypact).
const CASEY = 'casey is signed in, in no organization';
const OLIVIA = 'olivia of FleetCo Utilities is signed in, with a 10 % flat discount';

const shipping = {
  line1: like('2100 Riverside Dr'),
  line2: like('Suite 300'),
  city: like('Austin'),
  state: like('TX'),
  country: like('US'),
  postalCode: like('78741'),
};

describe('identity contract: /me', () => {
  it("answers a customer's profile, without an organization", () =>
    pact
      .addInteraction()
      .given(CASEY)
      .uponReceiving('a request for the profile of a customer in no organization')
      .withRequest('GET', '/me', (req) => req.headers({ Authorization: bearer }))
      .willRespondWith(200, (res) =>
        res.jsonBody({
          sub: 'usr_casey',
          email: like('casey@example.com'),
          firstName: like('Casey'),
          lastName: like('Morgan'),
          company: like('Morgan Field Services'),
          position: like(''),
          phone: like('5125550142'),
          phoneCountryCode: like('US'),
          address: { shipping },
          roles: eachLike('service-portal:customer'),
          org: null,
          flags: { rma: { flatDiscountPercentage: like(0) } },
        }),
      )
      .executeTest(async (server) => {
        const me = await clientAt(server.url, signedIn).identity.me();
        expect(me).toMatchObject({ sub: 'usr_casey', firstName: 'Casey', org: null });
        expect(me.roles).toContain('service-portal:customer');
        expect(me.address?.shipping?.state).toBe('TX');
      }));

  it("answers an organization member's organization and discount", () =>
    pact
      .addInteraction()
      .given(OLIVIA)
      .uponReceiving('a request for the profile of an organization member with a discount')
      .withRequest('GET', '/me', (req) => req.headers({ Authorization: bearer }))
      .willRespondWith(200, (res) =>
        res.jsonBody({
          sub: 'usr_olivia',
          email: like('olivia@fleetco.example'),
          firstName: like('Olivia'),
          lastName: like('Chen'),
          company: like('FleetCo Utilities'),
          position: like('Fleet Manager'),
          phone: like('6145550187'),
          phoneCountryCode: like('US'),
          address: { shipping: { ...shipping, line1: like('455 Industrial Pkwy'), city: like('Columbus'), state: like('OH') } },
          roles: eachLike('service-portal:customer'),
          org: { name: 'FleetCo Utilities' },
          flags: { rma: { flatDiscountPercentage: like(10) } },
        }),
      )
      .executeTest(async (server) => {
        const me = await clientAt(server.url, signedIn).identity.me();
        expect(me.org).toEqual({ name: 'FleetCo Utilities' });
        expect(me.flags.rma.flatDiscountPercentage).toBe(10);
      }));

  it('answers 401 without a token, so the session signs in again', () =>
    pact
      .addInteraction()
      .uponReceiving('a request for the profile without a bearer token')
      .withRequest('GET', '/me')
      .willRespondWith(401, (res) => res.jsonBody({ error: like('invalid_token'), message: like('Please sign in again.') }))
      .executeTest(async (server) => {
        await expect(clientAt(server.url).identity.me()).rejects.toMatchObject({ status: 401 });
      }));
});
