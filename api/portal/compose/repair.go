package compose

import (
	"context"
	"errors"
	"fmt"

	"rugged.example/portal/api/identity/identityapi"
	"rugged.example/portal/api/identity/identityoidc"
	"rugged.example/portal/api/payments/payments"
	"rugged.example/portal/api/pkg/auth"
	"rugged.example/portal/api/pkg/db"
	"rugged.example/portal/api/pkg/money"
	"rugged.example/portal/api/repair/repair"
	"rugged.example/portal/api/repair/repairapi"
	"rugged.example/portal/api/rma/rma"
)

// The repair service's out-of-warranty path declares the ports it needs (repair.Payments,
// repairapi.Terms); the adapters here connect them to the payments capability and the identity
// provider, and connect the payments capability's Fulfiller back to the rma capability.

// Repair is the repair service's out-of-warranty core on the rma creator, the checkout and the
// uploads.
func (c *capabilities) Repair() (*repair.Service, error) {
	creator, err := c.Creator()
	if err != nil {
		return nil, err
	}
	checkout, err := c.Checkout()
	if err != nil {
		return nil, err
	}
	return repair.NewService(repair.Deps{
		RMAs: creator, Payments: repairPayments{checkout: checkout, quotes: c.Quotes()},
		Attachments: c.Attachments(), PurchaseOrders: c.Attachments(), QuoteKeys: c.Units(),
		Decisions: c.Diagnoses(), ServiceQuotes: decisionQuotes{quotes: c.Quotes(), checkout: checkout},
		Tx: db.NewTransactor(c.gdb), Log: c.log,
		Settings: repair.Settings{PublicURL: c.cfg.PublicURL, POReleaseDomains: c.cfg.POReleaseDomains},
	}), nil
}

// repairPayments gives the repair core the checkout, and the quote service for a saved quote.
type repairPayments struct {
	checkout *payments.Checkout
	quotes   *payments.Quotes
}

func (p repairPayments) SaveQuote(ctx context.Context, owner, org, serial string, amount money.Money, saved repair.SavedQuote) (repair.Quote, error) {
	q, err := p.checkout.SaveQuote(ctx, owner, org, serial, amount, toPaymentsSavedQuote(saved))
	if err != nil {
		return repair.Quote{}, err
	}
	return toRepairQuote(q), nil
}

func (p repairPayments) QuoteForRMA(ctx context.Context, r repair.RMAQuote) (repair.Quote, error) {
	q, err := p.checkout.QuoteForRMA(ctx, payments.RMAQuote{
		Owner: r.Owner, Org: r.Org, Serial: r.Serial, RMANumber: r.RMANumber, Amount: r.Amount,
		Saved: toPaymentsSavedQuote(r.Saved), SavedQuoteID: r.SavedQuoteID,
	})
	if err != nil {
		return repair.Quote{}, err
	}
	return toRepairQuote(q), nil
}

func (p repairPayments) AcceptPurchaseOrder(ctx context.Context, owner, rmaNumber, customerPO string) (repair.Quote, error) {
	q, err := p.checkout.QuoteOfRMA(ctx, owner, rmaNumber)
	if err != nil {
		return repair.Quote{}, err
	}
	if q, err = p.checkout.AcceptPurchaseOrder(ctx, q, customerPO); err != nil {
		return repair.Quote{}, err
	}
	return toRepairQuote(q), nil
}

func (p repairPayments) StartPayPal(ctx context.Context, owner, rmaNumber, returnURL, cancelURL string) (string, error) {
	q, err := p.checkout.QuoteOfRMA(ctx, owner, rmaNumber)
	if err != nil {
		return "", err
	}
	return p.checkout.StartPayPal(ctx, q, returnURL, cancelURL)
}

func (p repairPayments) SettleRMA(ctx context.Context, owner, rmaNumber, token string) (repair.Quote, error) {
	q, err := p.checkout.SettleRMA(ctx, owner, rmaNumber, token)
	if err != nil {
		return repair.Quote{}, err
	}
	return toRepairQuote(q), nil
}

func (p repairPayments) CancelForRMA(ctx context.Context, owner, rmaNumber string) error {
	err := p.checkout.CancelForRMA(ctx, owner, rmaNumber)
	if errors.Is(err, payments.ErrAlreadyPaid) {
		return repair.ErrQuotePaid
	}
	return err
}

func (p repairPayments) QuoteOfRMA(ctx context.Context, owner, rmaNumber string) (repair.Quote, error) {
	q, err := p.checkout.QuoteOfRMA(ctx, owner, rmaNumber)
	if err != nil {
		return repair.Quote{}, err
	}
	return toRepairQuote(q), nil
}

func (p repairPayments) SavedQuote(ctx context.Context, owner, id string) (repair.Quote, error) {
	q, err := p.quotes.Details(ctx, owner, id)
	if err != nil {
		return repair.Quote{}, err
	}
	return toRepairQuote(q), nil
}

func toRepairQuote(q payments.Quote) repair.Quote {
	return repair.Quote{
		ID: q.ID, Owner: q.Owner, Org: q.Org, RMANumber: q.RMANumber, Serial: q.Serial, Amount: q.Amount,
		Paid: q.Status == payments.StatusPaid, ExpiresAt: q.ExpiresAt, Saved: toRepairSavedQuote(q.Saved),
		Payment: toRepairPayment(q),
	}
}

// toRepairPayment is a paid quote's receipt: its reference is what the customer can quote about
// the payment (PayPal's capture, the purchase order, Authorize.net's transaction).
func toRepairPayment(q payments.Quote) *repair.Payment {
	if q.Status != payments.StatusPaid {
		return nil
	}
	p := &repair.Payment{Method: repair.Method(q.Method), Amount: q.Amount}
	switch q.Method {
	case payments.MethodPayPal:
		p.Reference = q.CaptureID
	case payments.MethodPO:
		p.Reference = q.CustomerPO
	default:
		p.Reference = q.ProviderRef
	}
	if q.PaidAt != nil {
		p.PaidAt = *q.PaidAt
	}
	return p
}

func toPaymentsSavedQuote(s repair.SavedQuote) payments.SavedQuote {
	a, c := s.Shipping.Address, s.Shipping.Contact
	return payments.SavedQuote{
		Shipping: payments.QuoteShipping{
			Address: payments.QuoteAddress{Line1: a.Line1, Line2: a.Line2, City: a.City, State: a.State, Country: a.Country, PostalCode: a.PostalCode},
			Contact: payments.QuoteContact{
				FirstName: c.FirstName, LastName: c.LastName, EmailAddress: c.EmailAddress, PhoneNumber: c.PhoneNumber,
				PhoneCountryCode: c.PhoneCountryCode, CompanyName: c.CompanyName,
			},
		},
		ExternalResource: payments.ExternalResource{
			Serial: s.ExternalResource.Serial, RMAInput: s.ExternalResource.RMAInput, Packaging: toQuotePackaging(s.ExternalResource.Packaging),
		},
		Total: s.Total,
	}
}

func toRepairSavedQuote(s payments.SavedQuote) repair.SavedQuote {
	a, c := s.Shipping.Address, s.Shipping.Contact
	return repair.SavedQuote{
		Shipping: repair.QuoteShipping{
			Address: rma.Address{Line1: a.Line1, Line2: a.Line2, City: a.City, State: a.State, Country: a.Country, PostalCode: a.PostalCode},
			Contact: repair.QuoteContact{
				FirstName: c.FirstName, LastName: c.LastName, EmailAddress: c.EmailAddress, PhoneNumber: c.PhoneNumber,
				PhoneCountryCode: c.PhoneCountryCode, CompanyName: c.CompanyName,
			},
		},
		ExternalResource: repair.ExternalResource{
			Serial: s.ExternalResource.Serial, RMAInput: s.ExternalResource.RMAInput, Packaging: toRMAPackaging(s.ExternalResource.Packaging),
		},
		Total: s.Total,
	}
}

func toQuotePackaging(p rma.Packaging) *payments.QuotePackaging {
	return &payments.QuotePackaging{HavePackaging: p.HavePackaging, RequestBox: p.RequestBox, ForgoShipping: p.ForgoShipping}
}

// toRMAPackaging reads a quote's packaging; a quote saved before it was kept has none, which is
// the zero choice the customer makes again.
func toRMAPackaging(p *payments.QuotePackaging) rma.Packaging {
	if p == nil {
		return rma.Packaging{}
	}
	return rma.Packaging{HavePackaging: p.HavePackaging, RequestBox: p.RequestBox, ForgoShipping: p.ForgoShipping}
}

// RMAFulfiller is the payments capability's Fulfiller: it finishes what a quote paid by a
// webhook or a pay-quote page pays for. The checkout the payments process serves is built with
// it (CheckoutDeps.Fulfiller).
func (c *capabilities) RMAFulfiller() (payments.Fulfiller, error) {
	creator, err := c.Creator()
	if err != nil {
		return nil, err
	}
	return rmaFulfiller{rmas: creator, lifecycle: c.Lifecycle(), diagnoses: c.Diagnoses()}, nil
}

// rmaFulfiller releases the RMA an out-of-warranty quote paid for (its label and e-mail, once,
// however the customer's own return races it), and moves the RMA a service quote paid for on
// to its repair.
type rmaFulfiller struct {
	rmas      *rma.Creator
	lifecycle *rma.Lifecycle
	// diagnoses mark paid the decision a revised quote or a return fee is for.
	diagnoses *rma.Diagnoses
}

func (f rmaFulfiller) QuotePaid(ctx context.Context, q payments.Quote) error {
	if q.RMANumber == "" {
		// A saved quote is paid only through its RMA (payments.ErrQuoteNotPayable).
		return nil
	}
	if q.Kind == payments.KindService {
		// The decision and the move commit together: a revised quote paid is approved and paid.
		err := f.lifecycle.Tx.InTx(ctx, func(ctx context.Context) error {
			if err := f.diagnoses.QuotePaid(ctx, q.ID); err != nil {
				return err
			}
			return f.lifecycle.ServiceQuotePaid(ctx, q.RMANumber, fmt.Sprintf("Service quote %s paid: %s", q.ID, q.Amount))
		})
		if err != nil {
			return fmt.Errorf("compose: repair %s paid by quote %s: %w", q.RMANumber, q.ID, err)
		}
		return nil
	}
	if _, err := f.rmas.Release(ctx, q.Owner, q.RMANumber); err != nil {
		return fmt.Errorf("compose: release %s paid by quote %s: %w", q.RMANumber, q.ID, err)
	}
	return nil
}

// customerTerms reads the caller's e-mail and flat discount: from the provider's profile
// (token claims merged with userinfo) with an external provider, from the access token's claims
// with the embedded one, whose tokens carry the profile's flags.
type customerTerms struct {
	// profiles is nil with the embedded provider.
	profiles      identityapi.Profiles
	discountClaim string
}

func newCustomerTerms(cfg Config, profiles identityapi.Profiles) customerTerms {
	t := customerTerms{discountClaim: cfg.OIDCDiscountClaim}
	if !cfg.EmbeddedIdentity() {
		t.profiles = profiles
	}
	return t
}

func (t customerTerms) Terms(ctx context.Context, caller auth.Principal, accessToken string) (repairapi.CustomerTerms, error) {
	if t.profiles == nil {
		return repairapi.CustomerTerms{Email: caller.Email, DiscountPercent: identityoidc.DiscountPercent(auth.ClaimAt(caller.Claims, t.discountClaim))}, nil
	}
	p, err := t.profiles.Profile(ctx, caller, accessToken)
	if err != nil {
		return repairapi.CustomerTerms{}, err
	}
	email := p.Email
	if email == "" {
		email = caller.Email
	}
	return repairapi.CustomerTerms{Email: email, DiscountPercent: p.Flags.RMA.FlatDiscountPercentage}, nil
}
