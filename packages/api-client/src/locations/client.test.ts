/**
 * @jest-environment node
 */
import { json, setupClient } from '../test/fakes';

describe('locations client', () => {
  it('lists the countries', async () => {
    const countries = [{ name: 'United States', countryCode: 'US', geonameId: 6252001 }];
    const { api, call } = setupClient([json(200, countries)]);

    await expect(api.locations.countries()).resolves.toEqual(countries);
    expect(call(0)).toMatchObject({ url: 'https://api.example.test/fn/LocationsAPI/countries', method: 'GET' });
  });

  it("lists a country's states by its geonameId", async () => {
    const states = [{ name: 'Armed Forces Europe', stateCode: 'AE', geonameId: 9000002, apo: true }];
    const { api, call } = setupClient([json(200, states)]);

    await expect(api.locations.states(6252001)).resolves.toEqual(states);
    expect(call(0).url).toBe('https://api.example.test/fn/LocationsAPI/states?geonameId=6252001');
  });

  it("lists a state's cities by its geonameId and the apo flag", async () => {
    const { api, call } = setupClient([json(200, [{ name: 'APO' }]), json(200, [{ name: 'Austin' }])]);

    await expect(api.locations.cities(9000002, true)).resolves.toEqual([{ name: 'APO' }]);
    await expect(api.locations.cities(4736286, false)).resolves.toEqual([{ name: 'Austin' }]);
    expect(call(0).url).toBe('https://api.example.test/fn/LocationsAPI/cities?geonameId=9000002&apo=true');
    expect(call(1).url).toBe('https://api.example.test/fn/LocationsAPI/cities?geonameId=4736286&apo=false');
  });
});
