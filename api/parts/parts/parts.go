// Package parts is the parts service's core: the catalogue of spare parts and accessories per
// model and family, its search (by a unit's serial, by model, by text) and its CSV import.
package parts

import (
	"context"
	"strings"

	"rugged.example/portal/api/pkg/fault"
	"rugged.example/portal/api/pkg/money"
	"rugged.example/portal/api/pkg/validate"
	"rugged.example/portal/api/rma/rma"
)

// Availability of a part.
const (
	InStock      = "IN_STOCK"
	Backorder    = "BACKORDER"
	Discontinued = "DISCONTINUED"
)

// Availabilities are the values a part's availability takes.
var Availabilities = []string{InStock, Backorder, Discontinued}

// Limits of the search and of a part's fields.
const (
	QueryMaxLength       = 100
	DefaultItemsPerPage  = 20
	MaxItemsPerPage      = 100
	PartNumberMaxLength  = 40
	DescriptionMaxLength = 300
	ModelMaxLength       = 30
	ImagePathMaxLength   = 300
)

// ErrPartNotFound answers a part number the catalogue does not have.
var ErrPartNotFound = fault.New(fault.KindNotFound, "parts.notFound", "Part Not Found")

// Fit is a model (and its family) a part fits.
type Fit struct {
	Model  string
	Family string
}

// Part is one entry of the catalogue.
type Part struct {
	PartNumber   string
	Description  string
	Fits         []Fit
	Price        money.Money
	Availability string
	ImagePath    string
	HighValue    bool
	// VideoOnly marks a body-worn camera's part (VX12-…): it is sold only through the video
	// order, whose rules (service:video:serial:read, serials of video units the customer holds)
	// the ordinary parts order does not apply.
	VideoOnly bool
}

// Discontinued reports whether the part is no longer sold (it is still listed, flagged).
func (p Part) Discontinued() bool { return p.Availability == Discontinued }

// Query is a search of the catalogue, already checked.
type Query struct {
	// Model, when set, keeps the parts that fit it.
	Model string
	// Text, when set, matches part numbers and descriptions (case-insensitive, substring).
	Text         string
	Page         int
	ItemsPerPage int
}

// Page is one page of a search, by part number.
type Page struct {
	Items        []Part
	Total        int64
	Page         int
	ItemsPerPage int
}

// Store keeps the catalogue.
type Store interface {
	Search(ctx context.Context, q Query) ([]Part, int64, error)
	Part(ctx context.Context, partNumber string) (Part, error)
	// Upsert writes every part (and replaces its fits) in one transaction: all or nothing.
	Upsert(ctx context.Context, ps []Part) error
}

// Units is the rma capability's unit lookup: a serial to its unit, or rma.ErrUnitNotFound
// ('Serial Not Found').
type Units interface {
	VerifySerial(ctx context.Context, serial rma.Serial) (rma.Verification, error)
}

// Service answers the catalogue's reads and imports.
type Service struct {
	store Store
	units Units
}

// NewService wires the service.
func NewService(store Store, units Units) *Service { return &Service{store: store, units: units} }

// SearchRequest is a search as the caller sent it.
type SearchRequest struct {
	Serial       string
	Model        string
	Text         string
	Page         int
	ItemsPerPage int
}

// Search lists the parts matching the request. A serial stands for its unit's model (an
// unknown one is rma.ErrUnitNotFound); with a serial and a model, they must agree.
func (s *Service) Search(ctx context.Context, r SearchRequest) (Page, error) {
	q := Query{Model: strings.ToUpper(strings.TrimSpace(r.Model)), Text: strings.TrimSpace(r.Text), Page: r.Page, ItemsPerPage: r.ItemsPerPage}
	var v validate.Errors
	v.MaxLen("q", q.Text, QueryMaxLength)
	v.MaxLen("model", q.Model, ModelMaxLength)
	if q.Page == 0 {
		q.Page = 1
	}
	if q.ItemsPerPage == 0 {
		q.ItemsPerPage = DefaultItemsPerPage
	}
	if q.Page < 1 {
		v.Add("page", "Must be a positive number")
	}
	if q.ItemsPerPage < 1 || q.ItemsPerPage > MaxItemsPerPage {
		v.Add("itemsPerPage", "Must be between 1 and 100")
	}
	if err := v.Err(); err != nil {
		return Page{}, err
	}
	// The serial is read after the other fields, so their faults come first; a blank one is none.
	if strings.TrimSpace(r.Serial) != "" {
		serial, err := rma.ParseSerial(r.Serial)
		if err != nil {
			// Too long or of the wrong alphabet to be a serial: no unit has it.
			return Page{}, rma.ErrUnitNotFound
		}
		ver, err := s.units.VerifySerial(ctx, serial)
		if err != nil {
			return Page{}, err
		}
		if q.Model != "" && q.Model != ver.Unit.Model {
			return Page{Page: q.Page, ItemsPerPage: q.ItemsPerPage, Items: []Part{}}, nil
		}
		q.Model = ver.Unit.Model
	}
	items, total, err := s.store.Search(ctx, q)
	if err != nil {
		return Page{}, err
	}
	return Page{Items: items, Total: total, Page: q.Page, ItemsPerPage: q.ItemsPerPage}, nil
}

// Part reads one part by its number (case-insensitive).
func (s *Service) Part(ctx context.Context, partNumber string) (Part, error) {
	pn := strings.ToUpper(strings.TrimSpace(partNumber))
	if pn == "" || len(pn) > PartNumberMaxLength {
		return Part{}, ErrPartNotFound
	}
	return s.store.Part(ctx, pn)
}
