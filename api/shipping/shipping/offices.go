package shipping

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"context"
	"embed"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"slices"
	"strconv"
	"strings"
)

// The generated data of tooling/datagen/offices.mjs; README.md and NOTICE give its sources and
// licences.
//
//go:embed data/zipcodes.tsv.gz data/offices.json
var dataFS embed.FS

// Office is a retail drop-off office of the built-in carrier.
type Office struct {
	ID         string  `json:"id"`
	Name       string  `json:"name"`
	Line1      string  `json:"line1"`
	City       string  `json:"city"`
	State      string  `json:"state"`
	PostalCode string  `json:"postalCode"`
	Country    string  `json:"country"`
	Lat        float64 `json:"lat"`
	Lng        float64 `json:"lng"`
	Hours      string  `json:"hours"`
}

// NearbyOffice is an office and its great-circle distance from the address asked about.
type NearbyOffice struct {
	Office
	DistanceMiles float64
}

// Point is a position in degrees.
type Point struct{ Lat, Lng float64 }

// Directory locates US addresses by ZIP centroid and finds the offices nearest to them.
type Directory struct {
	zips    map[int32]Point
	cities  map[string]Point // "TX|ROUND ROCK" → mean of the city's ZIP centroids
	offices []Office
	// pos holds each office's position in radians and the cosine of its latitude, so a lookup
	// does two sines per office.
	pos []radPoint
}

type radPoint struct{ lat, lng, cosLat float64 }

func toRad(p Point) radPoint {
	lat, lng := p.Lat*math.Pi/180, p.Lng*math.Pi/180
	return radPoint{lat, lng, math.Cos(lat)}
}

// haversine is the haversine of the central angle between a and b: it grows with the distance,
// so comparing it orders offices without the arcsine.
func haversine(a, b radPoint) float64 {
	sLat, sLng := math.Sin((b.lat-a.lat)/2), math.Sin((b.lng-a.lng)/2)
	return sLat*sLat + a.cosLat*b.cosLat*sLng*sLng
}

func havMiles(h float64) float64 { return 2 * earthRadiusMiles * math.Asin(math.Min(1, math.Sqrt(h))) }

// MaxNearby is the most offices one lookup returns.
const MaxNearby = 50

// LoadDirectory reads the embedded ZIP table and office list.
func LoadDirectory() (*Directory, error) {
	zf, err := dataFS.Open("data/zipcodes.tsv.gz")
	if err != nil {
		return nil, err
	}
	defer zf.Close()
	of, err := dataFS.ReadFile("data/offices.json")
	if err != nil {
		return nil, err
	}
	var offices []Office
	if err := json.Unmarshal(of, &offices); err != nil {
		return nil, fmt.Errorf("shipping: offices.json: %w", err)
	}
	return NewDirectory(zf, offices)
}

// NewDirectory reads a ZIP table in the format tooling/datagen/offices.mjs writes (gzip, one line
// per ZIP: deltas of ZIP, latitude and longitude in 1e-4 degree, then state and city, empty when
// repeating the previous line's) and pairs it with offices.
func NewDirectory(zipTable io.Reader, offices []Office) (*Directory, error) {
	gz, err := gzip.NewReader(zipTable)
	if err != nil {
		return nil, fmt.Errorf("shipping: zip table: %w", err)
	}
	defer gz.Close()
	d := &Directory{zips: make(map[int32]Point, 42000), offices: slices.Clone(offices), pos: make([]radPoint, len(offices))}
	for i, o := range offices {
		d.pos[i] = toRad(Point{o.Lat, o.Lng})
	}
	type sum struct {
		lat, lng float64
		n        int
	}
	cities := map[string]*sum{}
	var zip, lat, lng int64
	var state, city, key string
	var cur *sum
	sc := bufio.NewScanner(gz)
	for n := 1; sc.Scan(); n++ {
		ln := sc.Bytes()
		if len(ln) == 0 || ln[0] == '#' {
			continue
		}
		var f [5][]byte
		for i := range 4 {
			var ok bool
			if f[i], ln, ok = bytes.Cut(ln, []byte{'\t'}); !ok {
				return nil, fmt.Errorf("shipping: zip table line %d: want 5 fields", n)
			}
		}
		f[4] = ln
		var deltas [3]int64
		for i := range deltas {
			if deltas[i], err = strconv.ParseInt(string(f[i]), 10, 64); err != nil {
				return nil, fmt.Errorf("shipping: zip table line %d: %w", n, err)
			}
		}
		zip, lat, lng = zip+deltas[0], lat+deltas[1], lng+deltas[2]
		if len(f[3]) > 0 || len(f[4]) > 0 || cur == nil {
			if len(f[3]) > 0 {
				state = string(f[3])
			}
			if len(f[4]) > 0 {
				city = string(f[4])
			}
			key = cityKey(state, city)
			if cur = cities[key]; cur == nil {
				cur = &sum{}
				cities[key] = cur
			}
		}
		p := Point{Lat: float64(lat) / 1e4, Lng: float64(lng) / 1e4}
		d.zips[int32(zip)] = p
		cur.lat, cur.lng, cur.n = cur.lat+p.Lat, cur.lng+p.Lng, cur.n+1
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("shipping: zip table: %w", err)
	}
	d.cities = make(map[string]Point, len(cities))
	for k, s := range cities {
		d.cities[k] = Point{Lat: s.lat / float64(s.n), Lng: s.lng / float64(s.n)}
	}
	return d, nil
}

func cityKey(state, city string) string {
	return norm(state) + "|" + strings.Join(strings.Fields(norm(city)), " ")
}

// Offices lists every office.
func (d *Directory) Offices() []Office { return slices.Clone(d.offices) }

// Locate finds a US address: its ZIP's centroid, else the centre of its city in its state.
// Addresses outside the US (and military APO/FPO/DPO addresses) are not located.
func (d *Directory) Locate(a Address) (Point, bool) {
	if norm(a.Country) != "US" || a.Military() {
		return Point{}, false
	}
	if zip, ok := zip5(a.PostalCode); ok {
		if p, ok := d.zips[zip]; ok {
			return p, true
		}
	}
	p, ok := d.cities[cityKey(a.State, a.City)]
	return p, ok
}

// Nearby returns up to limit offices nearest to a first, with their distances in miles; an
// address it cannot locate gets none.
func (d *Directory) Nearby(a Address, limit int) []NearbyOffice {
	from, ok := d.Locate(a)
	if !ok {
		return []NearbyOffice{}
	}
	limit = min(max(limit, 1), MaxNearby, len(d.offices))
	// Keep the limit nearest in a small sorted slice: one pass, no sort of the whole network.
	type hit struct {
		hav float64
		i   int
	}
	origin := toRad(from)
	best := make([]hit, 0, limit+1)
	for i := range d.offices {
		h := hit{haversine(origin, d.pos[i]), i}
		if len(best) == limit && !closer(h.hav, h.i, best[limit-1].hav, best[limit-1].i, d.offices) {
			continue
		}
		at := len(best)
		for at > 0 && closer(h.hav, h.i, best[at-1].hav, best[at-1].i, d.offices) {
			at--
		}
		best = slices.Insert(best, at, h)
		if len(best) > limit {
			best = best[:limit]
		}
	}
	out := make([]NearbyOffice, len(best))
	for k, h := range best {
		out[k] = NearbyOffice{Office: d.offices[h.i], DistanceMiles: havMiles(h.hav)}
	}
	return out
}

// closer orders offices by distance (as haversines), then by id so equal distances come out the
// same way every time.
func closer(h1 float64, i1 int, h2 float64, i2 int, offices []Office) bool {
	if h1 != h2 {
		return h1 < h2
	}
	return offices[i1].ID < offices[i2].ID
}

// zip5 reads a US postal code ("78681", "78681-1234", "786811234") as its 5-digit ZIP.
func zip5(postal string) (int32, bool) {
	postal = strings.TrimSpace(postal)
	digits := func(s string) bool {
		return s != "" && strings.Trim(s, "0123456789") == ""
	}
	switch {
	case len(postal) == 5 && digits(postal):
	case len(postal) == 9 && digits(postal):
	case len(postal) == 10 && (postal[5] == '-' || postal[5] == ' ') && digits(postal[:5]) && digits(postal[6:]):
	default:
		return 0, false
	}
	n, _ := strconv.Atoi(postal[:5])
	return int32(n), true
}

const earthRadiusMiles = 3958.7613

// Miles is the great-circle (haversine) distance between two points.
func Miles(a, b Point) float64 { return havMiles(haversine(toRad(a), toRad(b))) }

// DefaultNearby is how many offices NearbyOffices returns when limit is not positive.
const DefaultNearby = 10

// NearbyOffices lists the drop-off offices nearest to a, nearest first: by the great-circle
// distance from its ZIP's centroid, or from its city's centre when the ZIP is unknown. An
// address outside the US gets an empty list, not an error.
func (s *Service) NearbyOffices(ctx context.Context, a Address, limit int) ([]NearbyOffice, error) {
	d, err := s.directory()
	if err != nil {
		return nil, err
	}
	if limit <= 0 {
		limit = DefaultNearby
	}
	return d.Nearby(a, limit), nil
}

func (s *Service) directory() (*Directory, error) {
	s.officesOnce.Do(func() {
		s.offices, s.officesErr = LoadDirectory()
		if s.officesErr != nil {
			s.officesErr = fmt.Errorf("shipping: embedded offices: %w", s.officesErr)
		}
	})
	return s.offices, s.officesErr
}
