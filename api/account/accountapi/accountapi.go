// Package accountapi is the HTTP surface of the account service (process `account`): the RMA
// history, details and repair summaries under /rma-manager/rma, the settings, branches,
// registrations and drivers under /account-mgr, and the dashboard and its event stream under
// /gss-dashboard. Every route needs a signed-in caller holding a role of this client.
package accountapi

import (
	"log/slog"
	"time"

	"github.com/gin-gonic/gin"

	"rugged.example/portal/api/account/account"
	"rugged.example/portal/api/pkg/auth"
	"rugged.example/portal/api/pkg/httpx"
)

// Paths of the account service.
const (
	HistoryPath       = "/rma-manager/rma/history"
	DetailsPath       = "/rma-manager/rma/details"
	RepairSummaryPath = "/rma-manager/rma/repair-summary"
	UserPath          = "/account-mgr/user"
	BranchesPath      = "/account-mgr/branches"
	RegistrationsPath = "/account-mgr/registrations"
	DriversPath       = "/account-mgr/drivers"
	SummaryPath       = "/gss-dashboard/summary"
	StreamPath        = "/gss-dashboard/stream-app"
)

// DefaultHeartbeat is how often an idle event stream says it is alive: below the 30 s and 60 s
// idle timeouts of common proxies and load balancers.
const DefaultHeartbeat = 25 * time.Second

// Options tune the surface; zero values are the defaults.
type Options struct {
	// Heartbeat is the event stream's ping interval (DefaultHeartbeat).
	Heartbeat time.Duration
	// Location is where the repair summary PDF's dates are read (UTC).
	Location *time.Location
	// At returns a channel that receives once the moment t comes (a real timer): an event
	// stream ends on it when its access token expires. Tests pass testkit.Clock's At and move
	// the clock instead of waiting for a token to age.
	At func(t time.Time) <-chan time.Time
}

// API holds the handlers' dependencies.
type API struct {
	svc    *account.Service
	stream *account.Stream
	opts   Options
	log    *slog.Logger
}

// Routes mounts the account endpoints.
func Routes(r gin.IRouter, guard *auth.Guard, svc *account.Service, stream *account.Stream, opts Options, log *slog.Logger) {
	if opts.Heartbeat <= 0 {
		opts.Heartbeat = DefaultHeartbeat
	}
	if opts.Location == nil {
		opts.Location = time.UTC
	}
	if opts.At == nil {
		// The timer is collected once the handler drops its channel: nothing needs stopping.
		opts.At = func(t time.Time) <-chan time.Time { return time.After(time.Until(t)) }
	}
	a := API{svc: svc, stream: stream, opts: opts, log: log}
	customer := []gin.HandlerFunc{guard.SignedIn(), guard.Customer()}
	h := func(fn func(*gin.Context) error) []gin.HandlerFunc {
		return append(append([]gin.HandlerFunc{}, customer...), httpx.Handler(log, fn))
	}

	// Who: signed-in customers. Each reads the RMAs they may see (their own and, as members of
	// an organization, the organization's); another's uid or number answers 404 rma.notFound,
	// exactly as an unknown one.
	r.GET(HistoryPath, h(a.history)...)
	r.GET(DetailsPath, h(a.details)...)
	r.GET(RepairSummaryPath, h(a.repairSummary)...)

	// Who: the RMA's owner only (an organization's member, like anyone else, gets 404
	// rma.notFound): a photo of the technician's diagnosis of their RMA.
	r.GET(DetailsPath+"/:number/photos/*id", h(a.diagnosisPhoto)...)

	// Who: signed-in customers, each reading and saving only their own profile (subject from
	// the token).
	r.GET(UserPath, h(a.user)...)
	r.POST(UserPath, h(a.saveUser)...)

	// Who: signed-in customers in an organization (403 account.noOrganization otherwise); any
	// member manages the organization's branches, another organization's id answers 404.
	r.GET(BranchesPath, h(a.branches)...)
	r.POST(BranchesPath, h(a.addBranch)...)
	r.PUT(BranchesPath+"/:id", h(a.updateBranch)...)
	r.DELETE(BranchesPath+"/:id", h(a.deleteBranch)...)

	// Who: signed-in customers; they list their own and their organization's registrations
	// and register units as their own.
	r.GET(RegistrationsPath, h(a.registrations)...)
	r.POST(RegistrationsPath, h(a.register)...)

	// Who: signed-in customers. The list covers the models of the caller's units; a download
	// is any catalogue driver (the files are the same for every owner of a model).
	r.GET(DriversPath, h(a.drivers)...)
	r.GET(DriversPath+"/:id/download", h(a.downloadDriver)...)

	// Who: signed-in customers, about the RMAs, units and quotes they may see.
	r.GET(SummaryPath, h(a.summary)...)
	r.GET(StreamPath, h(a.events)...)
}

// principal is the verified caller; the guards ran before every handler.
func principal(c *gin.Context) auth.Principal {
	p, _ := auth.PrincipalFrom(c.Request.Context())
	return p
}

func viewer(c *gin.Context) account.Viewer { return account.ViewerOf(principal(c)) }

// rfc3339 writes times as the APIs do: UTC, seconds.
func rfc3339(t time.Time) string { return t.UTC().Format(time.RFC3339) }

// dateOnly writes a calendar date (midnight UTC) as YYYY-MM-DD; nil stays null.
func dateOnly(d *time.Time) *string {
	if d == nil {
		return nil
	}
	s := d.UTC().Format(time.DateOnly)
	return &s
}

func rfc3339Ptr(t *time.Time) *string {
	if t == nil || t.IsZero() {
		return nil
	}
	s := rfc3339(*t)
	return &s
}
