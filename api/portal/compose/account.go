package compose

import (
	"context"
	"errors"
	"time"

	"rugged.example/portal/api/account/account"
	"rugged.example/portal/api/account/accountdb"
	"rugged.example/portal/api/geo/geo"
	"rugged.example/portal/api/identity/identitycore"
	"rugged.example/portal/api/identity/identitydb"
	"rugged.example/portal/api/payments/payments"
	"rugged.example/portal/api/pkg/auth"
	"rugged.example/portal/api/pkg/db"
	"rugged.example/portal/api/pkg/validate"
	"rugged.example/portal/api/rma/rma"
	"rugged.example/portal/api/shipping/shipping"
	"rugged.example/portal/api/shipping/shippingdb"
	"rugged.example/portal/api/uploads/uploads"
	"rugged.example/portal/api/uploads/uploadsdb"
)

// The rma capability's read side. Each is a thin wrapper over the units store, so they are built
// per use rather than kept.

// History reads RMAs as a viewer may see them (the account service's history, GraphQL's
// RMAsConnection).
func (c *capabilities) History() *rma.History { return rma.NewHistory(c.Units()) }

// Registrations are the units customers registered as theirs.
func (c *capabilities) Registrations() *rma.Registrations {
	return rma.NewRegistrations(c.Units(), db.NewTransactor(c.gdb), nil)
}

// Stats are the dashboard's figures.
func (c *capabilities) Stats() *rma.Stats { return rma.NewStats(c.Units(), nil) }

// Feed is the log of RMA status changes the dashboard's stream follows.
func (c *capabilities) Feed() *rma.Feed { return rma.NewFeed(c.Units()) }

// Account is the account service's core on the capabilities it reads: rma (history,
// registrations, figures), uploads (proofs of purchase), shipping (label validity), payments
// (spend), geo (address rules) and identity (profiles, stored profile).
func (c *capabilities) Account(profiles account.Profiles) (*account.Service, error) {
	places, err := c.Places()
	if err != nil {
		return nil, err
	}
	store := accountdb.NewStore(c.gdb)
	return account.NewService(account.Deps{
		Profiles: profiles, ProfileStore: identitydb.NewStore(c.gdb), Addresses: addressChecks{places},
		Branches: store, Drivers: store, Files: c.bucket, Tx: db.NewTransactor(c.gdb),
		Registrations: c.Registrations(), Proofs: proofFiles{c.Attachments(), uploadsdb.NewStore(c.gdb)},
		History: c.History(), Stats: c.Stats(), Spend: spend{c.Quotes()}, Labels: labels{shippingdb.NewStore(c.gdb)},
		Diagnoses: c.Diagnoses(), Photos: c.Attachments(), Log: c.log,
	}), nil
}

// addressChecks gives the account service the geo module's address rules, the create-RMA
// form's (no PO boxes).
type addressChecks struct{ places *geo.Catalog }

func (a addressChecks) CheckAddress(v *validate.Errors, prefix string, x rma.Address) {
	a.places.CheckAddress(v, prefix, geo.Address(x), false)
}

// proofFiles are proofs of purchase: uploaded and claimed as purchase-order files are, their
// names read from the uploads records.
type proofFiles struct {
	*uploads.Service
	records *uploadsdb.Store
}

func (p proofFiles) ProofNames(ctx context.Context, ids []string) (map[string]string, error) {
	found, err := p.records.GetMany(ctx, ids)
	if err != nil {
		return nil, err
	}
	out := make(map[string]string, len(found))
	for id, a := range found {
		if a.Kind == uploads.KindPurchaseOrder {
			out[id] = a.OriginalName
		}
	}
	return out, nil
}

// labels reads the validity of shipping documents from the shipping module's records.
type labels struct{ docs *shippingdb.Store }

func (l labels) ExpiresAt(ctx context.Context, id string) (time.Time, bool, error) {
	d, err := l.docs.Document(ctx, id)
	switch {
	case errors.Is(err, shipping.ErrDocumentNotFound):
		return time.Time{}, false, nil
	case err != nil:
		return time.Time{}, false, err
	}
	return d.ExpiresAt, true, nil
}

// spend is what the payments capability says a viewer paid.
type spend struct{ quotes *payments.Quotes }

func (s spend) SpendByMonth(ctx context.Context, owner, org string, since time.Time) ([]account.MonthAmount, error) {
	paid, err := s.quotes.SpendByMonth(ctx, owner, org, since)
	if err != nil {
		return nil, err
	}
	out := make([]account.MonthAmount, 0, len(paid))
	for _, m := range paid {
		out = append(out, account.MonthAmount{Month: m.Month, Amount: m.Amount})
	}
	return out, nil
}

// storedUsers answers profiles from the embedded provider's users, for a process that shares
// its database without running it (the account process of the split topology): the same
// answer the identity process gives.
type storedUsers struct{ store *identitydb.Store }

func (s storedUsers) Profile(ctx context.Context, caller auth.Principal, _ string) (identitycore.Profile, error) {
	u, err := s.store.UserByID(ctx, caller.Subject)
	if err != nil {
		return identitycore.Profile{}, err
	}
	return u.Profile(), nil
}
