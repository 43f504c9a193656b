package repair

import (
	"log/slog"
	"time"

	"rugged.example/portal/api/pkg/db"
)

// Settings are the path's configuration.
type Settings struct {
	// PublicURL is where browsers reach the portal: the provider sends the payer back there.
	PublicURL string
	// POReleaseDomains are the e-mail domains whose purchase orders carry a release number.
	POReleaseDomains []string
}

// Deps are the Service's ports.
type Deps struct {
	RMAs           RMAs
	Payments       Payments
	Attachments    Attachments
	PurchaseOrders PurchaseOrders
	QuoteKeys      QuoteKeys
	// Decisions and ServiceQuotes serve the customer's decision on a revised quote
	// (decision.go) and its reminders (reminders.go).
	Decisions     Decisions
	ServiceQuotes ServiceQuotes
	// Tx runs each change of state in one transaction, which the capabilities join.
	Tx       db.Transactor
	Settings Settings
	Log      *slog.Logger
	// Now is the clock of the abandoned payments' sweeper; time.Now when nil.
	Now func() time.Time
}

// Service runs the out-of-warranty path.
type Service struct{ d Deps }

// NewService wires the service.
func NewService(d Deps) *Service {
	if d.Now == nil {
		d.Now = time.Now
	}
	return &Service{d: d}
}
