package compose

import (
	"log/slog"
	"path/filepath"
	"time"

	"gorm.io/gorm"

	"rugged.example/portal/api/batch/batch"
	"rugged.example/portal/api/geo/geo"
	"rugged.example/portal/api/payments/payments"
	"rugged.example/portal/api/pkg/blob"
	"rugged.example/portal/api/pkg/cache"
	"rugged.example/portal/api/pkg/db"
	"rugged.example/portal/api/pkg/mail"
	"rugged.example/portal/api/pkg/secretbox"
	"rugged.example/portal/api/rma/rma"
	"rugged.example/portal/api/rma/rmadb"
	"rugged.example/portal/api/shipping/shipping"
	"rugged.example/portal/api/shipping/shippingapi"
	"rugged.example/portal/api/shipping/shippingdb"
	"rugged.example/portal/api/support/support"
	"rugged.example/portal/api/support/supportdb"
	"rugged.example/portal/api/uploads/uploads"
	"rugged.example/portal/api/uploads/uploadsdb"
)

// capabilities builds the domain libraries a process needs on first use. Every process links
// every capability, but a process serving only geography never loads the RMA creator's
// dependencies. Wiring runs on one goroutine, so the memo fields need no lock.
type capabilities struct {
	cfg    Config
	log    *slog.Logger
	gdb    *gorm.DB
	cache  cache.Cache
	bucket *blob.Bucket
	// rmaCounter counts the RMAs the creator opens (metrics).
	rmaCounter rma.CreationCounter
	// refundCounter counts the checkout's refunds of money that did not pay its quote (metrics).
	refundCounter payments.RefundCounter

	places *geo.Catalog
	// loadPlaces, when set, is a load of the geo catalog that wire started before the database:
	// parsing it takes a tenth of a second that a start spends on its schema meanwhile.
	loadPlaces  func() (*geo.Catalog, error)
	units       *rmadb.Store
	unitService *rma.Service
	attachments *uploads.Service
	shipments   *shipping.Service
	help        *support.Service
	creator     *rma.Creator
	cards       *cardProviders
	quotes      *payments.Quotes
	// batches is the batch service: the whole one once Batch built it (its worker then woken by
	// a webhook's payment), else the Fulfiller's store-only one (BatchPaid).
	batches *batch.Service
}

func (c *capabilities) Places() (*geo.Catalog, error) {
	if c.places == nil {
		load := c.loadPlaces
		if load == nil {
			load = geo.Load
		}
		places, err := load()
		if err != nil {
			return nil, err
		}
		c.places = places
	}
	return c.places, nil
}

func (c *capabilities) Units() *rmadb.Store {
	if c.units == nil {
		c.units = rmadb.NewStore(c.gdb)
	}
	return c.units
}

// unitNearTTL bounds how long this process answers the serial check from its own copy of a unit:
// another process's change (an RMA opened elsewhere) shows here within it. Creating an RMA checks
// the unit again in its transaction, so the copy only ever decides what a card shows.
const unitNearTTL = time.Second

func (c *capabilities) UnitService() *rma.Service {
	if c.unitService == nil {
		c.unitService = rma.NewService(c.Units(), cache.NewNear(c.cache, unitNearTTL, 10_000), c.log, nil)
	}
	return c.unitService
}

func (c *capabilities) Attachments() *uploads.Service {
	if c.attachments == nil {
		c.attachments = uploads.NewService(c.bucket, uploadsdb.NewStore(c.gdb), db.NewTransactor(c.gdb), c.log, nil)
	}
	return c.attachments
}

func (c *capabilities) Shipments() (*shipping.Service, error) {
	if c.shipments == nil {
		carrier, err := newCarrier(c.cfg.Shipping, c.gdb)
		if err != nil {
			return nil, err
		}
		c.shipments = shipping.NewService(shippingdb.NewStore(c.gdb), carrier, c.bucket, c.log, shipping.Config{Depot: c.cfg.Shipping.Depot()})
	}
	return c.shipments, nil
}

func (c *capabilities) Support() *support.Service {
	if c.help == nil {
		c.help = support.NewService(support.Deps{
			Store: supportdb.NewStore(c.gdb), Tx: db.NewTransactor(c.gdb), Mail: mail.NewOutbox(c.gdb),
			Cache: c.cache, Settings: c.cfg.Support, Log: c.log,
		})
	}
	return c.help
}

// Creator is the RMA aggregate's write side, shared by the repair and recycle domains.
func (c *capabilities) Creator() (*rma.Creator, error) {
	if c.creator != nil {
		return c.creator, nil
	}
	places, err := c.Places()
	if err != nil {
		return nil, err
	}
	shipments, err := c.Shipments()
	if err != nil {
		return nil, err
	}
	secrets, err := openSecrets(c.cfg)
	if err != nil {
		return nil, err
	}
	publicURL := c.cfg.PublicURL
	c.creator = &rma.Creator{
		Store: c.Units(), Tx: db.NewTransactor(c.gdb), Addresses: addressRules{places}, Uploads: c.Attachments(),
		Shipping: documentIssuer{shipments}, Mail: outboxMailer{c.gdb}, Units: c.UnitService(), Secrets: secrets,
		Counter: c.rmaCounter, Log: c.log, Now: time.Now,
		DocumentURL: func(id string) string { return publicURL + shippingapi.DocumentPath(id) },
	}
	return c.creator, nil
}

func openSecrets(cfg Config) (*secretbox.Box, error) {
	if cfg.SecretKey != "" {
		return secretbox.FromBase64(cfg.SecretKey.Reveal())
	}
	return secretbox.FromKeyFile(filepath.Join(cfg.DataDir, "secret.key"))
}
