// Package geo is the geography capability: countries, their first-level subdivisions ("states")
// and their cities, with GeoNames ids (spec §3), and the address rules of spec §5 that need them.
//
// The data is real and ships with the code (ARCHITECTURE §5): data/geo.tsv.gz is derived from
// GeoNames (CC BY 4.0) by tooling/datagen/geo.mjs; see README.md and NOTICE. It is read once into
// an immutable Catalog, which every method may share across goroutines.
package geo

import (
	"bytes"
	"compress/gzip"
	_ "embed"
	"encoding/binary"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"sync"

	"golang.org/x/text/collate"
	"golang.org/x/text/language"

	"rugged.example/portal/api/pkg/fault"
)

// Country codes the portal treats specially (spec §4 "Packaging": US is domestic, CA is Canada).
const (
	CountryUS = "US"
	CountryCA = "CA"
)

// Military 'states' and 'cities' of US addresses (spec §4, §9). They are not in GeoNames; the
// dataset adds them to the US with negative ids, which no GeoNames id can be.
const (
	StateArmedForcesAmericas = "AA"
	StateArmedForcesEurope   = "AE"
	StateArmedForcesPacific  = "AP"

	CityAPO = "APO"
	CityFPO = "FPO"
	CityDPO = "DPO"
)

// ErrUnknownPlace is returned for a geonameId that names no country or state of the catalog.
var ErrUnknownPlace = fault.New(fault.KindNotFound, "geo.unknownPlace", "Unknown geonameId")

// Country is an ISO 3166-1 country.
type Country struct {
	Name      string
	Code      string // ISO 3166-1 alpha-2, e.g. "US"
	GeonameID int64
}

// State is a first-level subdivision: a US state, a Canadian province, a German Land…
type State struct {
	Name        string
	Code        string // ISO 3166-2 code without the country prefix, e.g. "TX"; AA/AE/AP for the military ones
	GeonameID   int64  // GeoNames id; negative for the hand-added military states
	APO         bool   // a military 'state' (AA, AE, AP) whose cities are APO, FPO and DPO
	CountryCode string
}

// City is a populated place of a state. Military states have APO, FPO and DPO.
type City struct {
	Name string
}

// IsMilitaryState reports whether code is AA, AE or AP. Codes are compared as written, in
// upper case, the way the state list sends them. Other countries use the same codes (AP is
// Chile's Arica y Parinacota): for an address, ask IsMilitaryAddress.
func IsMilitaryState(code string) bool {
	switch code {
	case StateArmedForcesAmericas, StateArmedForcesEurope, StateArmedForcesPacific:
		return true
	}
	return false
}

// IsMilitaryCity reports whether name is APO, FPO or DPO, in any case and ignoring surrounding
// spaces, because a person may type the city.
func IsMilitaryCity(name string) bool {
	name = strings.TrimSpace(name)
	return strings.EqualFold(name, CityAPO) || strings.EqualFold(name, CityFPO) || strings.EqualFold(name, CityDPO)
}

//go:embed data/geo.tsv.gz
var embedded []byte

type countryEntry struct {
	Country
	states []State
	byCode map[string]int // state code -> index in states
}

type stateEntry struct {
	State
	// cityLines is the state's "city" records of the dataset. Only the address form's city list
	// reads them, so they become a sorted list on the first ask: a start then neither builds
	// 130,000 cities nor collates them.
	cityLines string
	once      sync.Once
	cities    []City
}

// sortedCities parses and sorts the state's cities once.
func (s *stateEntry) sortedCities() []City {
	s.once.Do(func() {
		cities := make([]City, 0, strings.Count(s.cityLines, "\n"))
		for line := range strings.Lines(s.cityLines) {
			// Comments and blank lines may stand between a state's cities.
			if name, ok := strings.CutPrefix(strings.TrimSuffix(line, "\n"), "city\t"); ok {
				cities = append(cities, City{Name: name})
			}
		}
		sortBy(cities, func(x City) string { return x.Name }, byName())
		s.cities = cities
	})
	return s.cities
}

// Catalog holds every country, state and city, sorted by name, with lookups by code and by
// geonameId. It is immutable after Load; the slices its methods return are copies.
type Catalog struct {
	countries []Country
	byCode    map[string]*countryEntry
	countryID map[int64]*countryEntry
	stateID   map[int64]*stateEntry
	nCities   int
}

// Load reads the embedded dataset. Call it once at start-up and share the result.
func Load() (*Catalog, error) {
	return read(embedded)
}

// Countries returns every country, sorted by name.
func (c *Catalog) Countries() []Country {
	return clone(c.countries)
}

// Country returns the country with ISO 3166-1 alpha-2 code (upper case, e.g. "US").
func (c *Catalog) Country(code string) (Country, bool) {
	e, ok := c.byCode[code]
	if !ok {
		return Country{}, false
	}
	return e.Country, true
}

// HasStates reports whether the country with this code has states in the catalog. Addresses in
// a country without states may carry any state text.
func (c *Catalog) HasStates(countryCode string) bool {
	e, ok := c.byCode[countryCode]
	return ok && len(e.states) > 0
}

// State returns the state with code (e.g. "TX") of the country with countryCode (e.g. "US").
func (c *Catalog) State(countryCode, stateCode string) (State, bool) {
	e, ok := c.byCode[countryCode]
	if !ok {
		return State{}, false
	}
	i, ok := e.byCode[stateCode]
	if !ok {
		return State{}, false
	}
	return e.states[i], true
}

// StateByID returns the state with this geonameId.
func (c *Catalog) StateByID(geonameID int64) (State, bool) {
	s, ok := c.stateID[geonameID]
	if !ok {
		return State{}, false
	}
	return s.State, true
}

// States returns the states of the country with this geonameId, sorted by name. A state's id
// is known but has no states under it: the list is empty. Any other id is ErrUnknownPlace.
func (c *Catalog) States(countryGeonameID int64) ([]State, error) {
	if e, ok := c.countryID[countryGeonameID]; ok {
		return clone(e.states), nil
	}
	if _, ok := c.stateID[countryGeonameID]; ok {
		return []State{}, nil
	}
	return nil, ErrUnknownPlace
}

// Cities returns the cities of the state with this geonameId, sorted by name. apo selects the
// military cities: true gives APO, DPO and FPO for a military state (AA, AE, AP) and nothing
// for any other; false gives the ordinary cities, of which military states have none. A
// country's id is known but has no cities directly under it: the list is empty. Any other id is
// ErrUnknownPlace.
func (c *Catalog) Cities(stateGeonameID int64, apo bool) ([]City, error) {
	if s, ok := c.stateID[stateGeonameID]; ok {
		if s.APO != apo {
			return []City{}, nil
		}
		return clone(s.sortedCities()), nil
	}
	if _, ok := c.countryID[stateGeonameID]; ok {
		return []City{}, nil
	}
	return nil, ErrUnknownPlace
}

// Len reports how many countries, states and cities the catalog holds.
func (c *Catalog) Len() (countries, states, cities int) {
	return len(c.countries), len(c.stateID), c.nCities
}

func clone[T any](s []T) []T {
	out := make([]T, len(s))
	copy(out, s)
	return out
}

// read parses the generator's format: gzip, UTF-8, one tab-separated record per line,
// "country code id name", "state code id apo name" (of the last country), "city name" (of the
// last state), and '#' comments. Names are substrings of one decompressed string, so the
// 130,000 cities cost no allocation of their own; a state keeps its run of city lines.
func read(gz []byte) (*Catalog, error) {
	text, err := gunzip(gz)
	if err != nil {
		return nil, err
	}
	c := &Catalog{byCode: map[string]*countryEntry{}, countryID: map[int64]*countryEntry{}, stateID: map[int64]*stateEntry{}}
	var country *countryEntry
	var state *stateEntry
	// A state's city lines run from its first city line to the end of its last one; they are
	// attached when the next state or country starts.
	citiesFrom, citiesTo := 0, 0
	flush := func() {
		if state != nil {
			state.cityLines = text[citiesFrom:citiesTo]
		}
		citiesFrom, citiesTo = 0, 0
	}
	n, offset := 0, 0
	for full := range strings.Lines(text) {
		n++
		start := offset
		offset += len(full)
		line := strings.TrimSuffix(full, "\n")
		if line == "" || line[0] == '#' {
			continue
		}
		kind, rest, _ := strings.Cut(line, "\t")
		bad := func(why string) error { return fmt.Errorf("geo: dataset line %d: %s: %q", n, why, line) }
		switch kind {
		case "city":
			if state == nil || rest == "" {
				return nil, bad("city outside a state")
			}
			if citiesTo == 0 {
				citiesFrom = start
			}
			citiesTo = offset
			c.nCities++
		case "state":
			f := strings.SplitN(rest, "\t", 4)
			if country == nil || len(f) != 4 || f[0] == "" || f[3] == "" || (f[2] != "0" && f[2] != "1") {
				return nil, bad("malformed state")
			}
			id, err := strconv.ParseInt(f[1], 10, 64)
			if err != nil {
				return nil, bad("bad geonameId")
			}
			if _, dup := country.byCode[f[0]]; dup {
				return nil, bad("state code used twice")
			}
			if c.known(id) {
				return nil, bad("geonameId used twice")
			}
			flush()
			st := State{Name: f[3], Code: f[0], GeonameID: id, APO: f[2] == "1", CountryCode: country.Code}
			country.byCode[st.Code] = len(country.states)
			country.states = append(country.states, st)
			state = &stateEntry{State: st}
			c.stateID[id] = state
		case "country":
			f := strings.SplitN(rest, "\t", 3)
			if len(f) != 3 || len(f[0]) != 2 || f[2] == "" {
				return nil, bad("malformed country")
			}
			id, err := strconv.ParseInt(f[1], 10, 64)
			if err != nil {
				return nil, bad("bad geonameId")
			}
			if _, dup := c.byCode[f[0]]; dup {
				return nil, bad("country code used twice")
			}
			if c.known(id) {
				return nil, bad("geonameId used twice")
			}
			flush()
			state = nil
			country = &countryEntry{Country: Country{Name: f[2], Code: f[0], GeonameID: id}, byCode: map[string]int{}}
			c.countries = append(c.countries, country.Country)
			c.byCode[country.Code] = country
			c.countryID[id] = country
		default:
			return nil, bad("unknown record")
		}
	}
	flush()
	c.sort()
	return c, c.check()
}

// sort puts every list in the order of English collation (accents and case count only after
// the letters), ties by code point. The generator already wrote them so, with ICU; this makes Go
// the authority, because ICU and x/text disagree on a handful of names (’ against ').
// Cities are sorted when first asked for (stateEntry.sortedCities).
func (c *Catalog) sort() {
	cmp := byName()
	sortBy(c.countries, func(x Country) string { return x.Name }, cmp)
	for _, e := range c.byCode {
		if sortBy(e.states, func(x State) string { return x.Name }, cmp) {
			for i, s := range e.states {
				e.byCode[s.Code] = i
			}
		}
	}
}

// byName compares names in that order. Each call has its own collator, which is not safe for
// concurrent use.
func byName() func(a, b string) int {
	col := collate.New(language.English)
	return func(a, b string) int {
		if r := col.CompareString(a, b); r != 0 {
			return r
		}
		return strings.Compare(a, b)
	}
}

// gunzip decompresses the dataset into one string, sized from the gzip trailer (the length
// modulo 2^32) so that it is allocated once rather than grown and then copied.
func gunzip(gz []byte) (string, error) {
	zr, err := gzip.NewReader(bytes.NewReader(gz))
	if err != nil {
		return "", fmt.Errorf("geo: open dataset: %w", err)
	}
	var text strings.Builder
	if len(gz) >= 4 {
		text.Grow(int(binary.LittleEndian.Uint32(gz[len(gz)-4:])))
	}
	if _, err := io.Copy(&text, zr); err != nil {
		return "", fmt.Errorf("geo: read dataset: %w", err)
	}
	return text.String(), nil
}

// sortBy sorts s by name unless it is sorted already, and reports whether it moved anything.
func sortBy[T any](s []T, name func(T) string, cmp func(a, b string) int) bool {
	less := func(a, b T) int { return cmp(name(a), name(b)) }
	if slices.IsSortedFunc(s, less) {
		return false
	}
	slices.SortStableFunc(s, less)
	return true
}

func (c *Catalog) known(id int64) bool {
	_, isCountry := c.countryID[id]
	_, isState := c.stateID[id]
	return isCountry || isState
}

// check makes sure the dataset holds what the address rules rely on.
func (c *Catalog) check() error {
	if _, ok := c.byCode[CountryUS]; !ok {
		return fmt.Errorf("geo: dataset has no %s", CountryUS)
	}
	if _, ok := c.byCode[CountryCA]; !ok {
		return fmt.Errorf("geo: dataset has no %s", CountryCA)
	}
	for _, code := range []string{StateArmedForcesAmericas, StateArmedForcesEurope, StateArmedForcesPacific} {
		s, ok := c.State(CountryUS, code)
		if !ok || !s.APO {
			return fmt.Errorf("geo: dataset lacks the military state %s", code)
		}
	}
	for _, s := range c.stateID {
		if s.APO != (s.CountryCode == CountryUS && IsMilitaryState(s.Code)) {
			return fmt.Errorf("geo: state %s-%s has the wrong apo flag", s.CountryCode, s.Code)
		}
	}
	return nil
}
