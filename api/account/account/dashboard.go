package account

import (
	"context"
	"time"

	"rugged.example/portal/api/pkg/money"
	"rugged.example/portal/api/rma/rma"
)

// Stats is the rma capability's dashboard figures; *rma.Stats implements it.
type Stats interface {
	Dashboard(ctx context.Context, v Viewer, since time.Time) (rma.DashboardStats, error)
	// Models lists the models of the viewer's units, sorted.
	Models(ctx context.Context, v Viewer) ([]string, error)
}

// MonthAmount is what was paid in one month ("2026-03").
type MonthAmount struct {
	Month  string
	Amount money.Money
}

// Spend is what the viewer paid, from the payments capability (paid quotes of the owner and,
// for a member, of their organization), by month of payment, oldest first.
type Spend interface {
	SpendByMonth(ctx context.Context, owner, org string, since time.Time) ([]MonthAmount, error)
}

// DashboardMonths is how far back the dashboard looks: this month and the 23 before it.
const DashboardMonths = 24

// Dashboard is the viewer's service at a glance.
type Dashboard struct {
	Stats rma.DashboardStats
	// Spend covers every month of the period, oldest first, zero where nothing was paid.
	Spend      []MonthAmount
	SpendTotal money.Money
	// OpenRMAs counts the viewer's RMAs that are not closed, cancelled or recycled, whatever
	// their age.
	OpenRMAs int
}

// Dashboard computes the viewer's figures for the last DashboardMonths months.
func (s *Service) Dashboard(ctx context.Context, v Viewer) (Dashboard, error) {
	now := s.now().UTC()
	since := time.Date(now.Year(), now.Month(), 1, 0, 0, 0, 0, time.UTC).AddDate(0, -(DashboardMonths - 1), 0)
	stats, err := s.d.Stats.Dashboard(ctx, v, since)
	if err != nil {
		return Dashboard{}, err
	}
	paid, err := s.d.Spend.SpendByMonth(ctx, v.Subject, v.Org, since)
	if err != nil {
		return Dashboard{}, err
	}
	out := Dashboard{Stats: stats, SpendTotal: money.USD(0), OpenRMAs: stats.Open}
	byMonth := map[string]money.Money{}
	for _, p := range paid {
		// The portal prices in USD and the dashboard shows one amount a month; a payment in
		// another currency cannot be summed into it, so it is left out and logged for support
		// rather than failing the whole dashboard.
		if p.Amount.Currency != out.SpendTotal.Currency {
			s.d.Log.WarnContext(ctx, "dashboard spend leaves out another currency",
				"month", p.Month, "currency", p.Amount.Currency, "cents", p.Amount.Cents)
			continue
		}
		byMonth[p.Month] = p.Amount
		out.SpendTotal.Cents += p.Amount.Cents
	}
	for m := since; !m.After(now); m = m.AddDate(0, 1, 0) {
		key := m.Format(rma.MonthLayout)
		amount, ok := byMonth[key]
		if !ok {
			amount = money.USD(0)
		}
		out.Spend = append(out.Spend, MonthAmount{Month: key, Amount: amount})
	}
	return out, nil
}
