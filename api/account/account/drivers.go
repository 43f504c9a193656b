package account

import (
	"context"
	"fmt"
	"io"
	"time"
)

// Driver is one downloadable file of the catalogue: a driver, firmware or utility for a model.
type Driver struct {
	ID          string
	Model       string
	ModelFamily string
	Name        string
	// Category groups downloads on the page: Chipset, Graphics, Network, BIOS, …
	Category string
	OS       string
	Version  string
	// ReleaseDate is a calendar date (UTC midnight).
	ReleaseDate  time.Time
	ReleaseNotes string
	FileName     string
	Size         int64
	// SHA256 is the file's checksum, lower-case hex, for the customer to verify the download.
	SHA256 string
	// BlobKey is where the file is in blob storage.
	BlobKey string
}

// DriverStore reads the catalogue; accountdb implements it.
type DriverStore interface {
	// DriversOf lists the drivers of the given models, by model, category and name, newest
	// version first.
	DriversOf(ctx context.Context, models []string) ([]Driver, error)
	// Driver returns one driver; ErrDriverNotFound when the catalogue has no such id.
	Driver(ctx context.Context, id string) (Driver, error)
}

// ModelDrivers are the downloads of one of the viewer's models.
type ModelDrivers struct {
	Model, ModelFamily string
	Drivers            []Driver
}

// Drivers lists the catalogue's downloads for the models of the viewer's units (registered and
// those they or their organization opened RMAs for), in the store's model order; a model the
// catalogue does not carry is left out.
func (s *Service) Drivers(ctx context.Context, v Viewer) ([]ModelDrivers, error) {
	models, err := s.d.Stats.Models(ctx, v)
	if err != nil {
		return nil, err
	}
	if len(models) == 0 {
		return []ModelDrivers{}, nil
	}
	ds, err := s.d.Drivers.DriversOf(ctx, models)
	if err != nil {
		return nil, err
	}
	out := []ModelDrivers{}
	for _, d := range ds {
		if n := len(out); n == 0 || out[n-1].Model != d.Model {
			out = append(out, ModelDrivers{Model: d.Model, ModelFamily: d.ModelFamily})
		}
		out[len(out)-1].Drivers = append(out[len(out)-1].Drivers, d)
	}
	return out, nil
}

// OpenDriver streams driver id's file. Drivers are public downloads for any signed-in customer
// (a model's drivers are the same for every owner); only ids of the catalogue are served, so
// nothing else in blob storage can be reached through it. The caller closes the body.
func (s *Service) OpenDriver(ctx context.Context, id string) (Driver, io.ReadCloser, error) {
	d, err := s.d.Drivers.Driver(ctx, id)
	if err != nil {
		return Driver{}, nil, err
	}
	r, err := s.d.Files.NewReader(ctx, d.BlobKey, nil)
	if err != nil {
		return Driver{}, nil, fmt.Errorf("account: open driver %s: %w", id, err)
	}
	return d, r, nil
}
