// Package accounttest gives the account service's tests its ports in memory: RMAs with their
// timelines and the rma capability's visibility, registrations (through the rma core's real
// rules), proof files, dashboard figures, spend, label validity, profiles and the status feed.
// Branches and drivers use accountdb on SQLite, as the service does.
package accounttest

import (
	"context"
	"slices"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
	"gorm.io/gorm"

	"rugged.example/portal/api/account/account"
	"rugged.example/portal/api/account/accountdb"
	"rugged.example/portal/api/geo/geo"
	"rugged.example/portal/api/identity/identityapi"
	"rugged.example/portal/api/identity/identitycore"
	"rugged.example/portal/api/pkg/auth"
	"rugged.example/portal/api/pkg/auth/authtest"
	"rugged.example/portal/api/pkg/blob"
	"rugged.example/portal/api/pkg/db"
	"rugged.example/portal/api/pkg/testkit"
	"rugged.example/portal/api/pkg/validate"
	"rugged.example/portal/api/rma/rma"
)

// Now is the tests' clock: a Tuesday in March 2026.
var Now = time.Date(2026, 3, 10, 12, 0, 0, 0, time.UTC)

// Env is the service over fakes, with the fakes at hand.
type Env struct {
	Service  *account.Service
	Stream   *account.Stream
	RMAs     *RMAs
	Profiles *Profiles
	Proofs   *Proofs
	Units    *Units
	Stats    *Stats
	Spend    *Spend
	Labels   Labels
	Feed     *Feed
	// Diagnoses hold the RMAs' diagnoses; Photos the photos claimed to RMA-100001.
	Diagnoses *Diagnoses
	Photos    *Photos
	Store     *accountdb.Store
	// DB is the SQLite database of the account tables.
	DB     *gorm.DB
	Bucket *blob.Bucket
	Signer *authtest.Signer
	Guard  *auth.Guard
}

// New builds the service on fakes and SQLite.
func New(t testing.TB) *Env {
	t.Helper()
	gdb := testkit.SQLite(t)
	_, err := db.Migrate(t.Context(), gdb, accountdb.Schema())
	require.NoError(t, err)
	bucket, err := blob.Open(t.Context(), "", t.TempDir())
	require.NoError(t, err)
	t.Cleanup(func() { bucket.Close() })
	places, err := geo.Load()
	require.NoError(t, err)
	signer := authtest.NewSigner(t)
	e := &Env{
		RMAs: &RMAs{}, Profiles: NewProfiles(), Proofs: &Proofs{files: map[string]*proof{}}, Units: &Units{},
		Spend: &Spend{}, Labels: Labels{}, Feed: &Feed{}, Store: accountdb.NewStore(gdb), DB: gdb, Bucket: bucket,
		Signer: signer, Guard: auth.NewGuard(signer.Verifier(), testkit.Quiet()),
	}
	e.Stats = &Stats{rmas: e.RMAs, units: e.Units}
	now := func() time.Time { return Now }
	e.Diagnoses = &Diagnoses{RMAs: e.RMAs}
	e.Photos = &Photos{RMA: "RMA-100001", Bytes: map[string]string{}}
	e.Service = account.NewService(account.Deps{
		Profiles: e.Profiles.Merged(), ProfileStore: e.Profiles, Addresses: Addresses{places},
		Branches: e.Store, Drivers: e.Store, Files: bucket, Tx: Tx{e.Units},
		Registrations: rma.NewRegistrations(e.Units, Tx{e.Units}, now), Proofs: e.Proofs,
		History: e.RMAs, Stats: e.Stats, Spend: e.Spend, Labels: e.Labels, Diagnoses: e.Diagnoses, Photos: e.Photos,
		Log: testkit.Quiet(), Now: now,
	})
	e.Stream = account.NewStream(e.Feed, 10*time.Millisecond, testkit.Quiet())
	return e
}

// Customer is a token of a customer in no organization.
func (e *Env) Customer(t testing.TB, subject string) string { return e.Signer.Customer(t, subject) }

// Member is a token of a customer in org.
func (e *Env) Member(t testing.TB, subject, org string) string {
	return e.Signer.Token(t, authtest.Claims{
		Subject: subject, Email: subject + "@example.com", Roles: []string{authtest.ClientID + ":customer"},
		Extra: map[string]any{"org": map[string]any{"name": org}},
	})
}

// Tx runs fn and, when it fails, puts the registrations back as they were: the rollback of the
// one transaction a registration and its proof's claim share.
type Tx struct{ units *Units }

// InTx implements db.Transactor.
func (t Tx) InTx(ctx context.Context, fn func(context.Context) error) error {
	t.units.mu.Lock()
	before := slices.Clone(t.units.regs)
	t.units.mu.Unlock()
	err := fn(ctx)
	if err != nil {
		t.units.mu.Lock()
		t.units.regs = before
		t.units.mu.Unlock()
	}
	return err
}

// Addresses are the geo capability's address rules, as the composition root adapts them.
type Addresses struct{ Places *geo.Catalog }

// CheckAddress implements account.AddressRules.
func (a Addresses) CheckAddress(v *validate.Errors, prefix string, x rma.Address) {
	a.Places.CheckAddress(v, prefix, geo.Address(x), false)
}

// Profiles are the provider's profiles with the stored ones merged in, as /me answers.
type Profiles struct {
	mu       sync.Mutex
	provider map[string]identitycore.Profile
	stored   map[string]identitycore.StoredProfile
}

// NewProfiles has no users.
func NewProfiles() *Profiles {
	return &Profiles{provider: map[string]identitycore.Profile{}, stored: map[string]identitycore.StoredProfile{}}
}

// Add gives subject a provider profile.
func (p *Profiles) Add(prof identitycore.Profile) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.provider[prof.Subject] = prof
}

// Profile is the provider's side.
func (p *Profiles) Profile(_ context.Context, caller auth.Principal, _ string) (identitycore.Profile, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	prof, ok := p.provider[caller.Subject]
	if !ok {
		return identitycore.Profile{}, identitycore.ErrUnknownUser
	}
	return prof, nil
}

// SaveStoredProfile implements account.ProfileStore.
func (p *Profiles) SaveStoredProfile(_ context.Context, s identitycore.StoredProfile) error {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.stored[s.Subject] = s
	return nil
}

// StoredProfile implements identityapi.StoredProfiles.
func (p *Profiles) StoredProfile(_ context.Context, subject string) (identitycore.StoredProfile, bool, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	s, ok := p.stored[subject]
	return s, ok, nil
}

// Merged answers as /me does.
func (p *Profiles) Merged() account.Profiles { return identityapi.WithStored(p, p) }

// Stats gives each viewer fixed figures, with the models of the units they registered or have
// RMAs for.
type Stats struct {
	rmas  *RMAs
	units *Units
	// ByViewer are the figures returned for a subject (models are added).
	ByViewer map[string]rma.DashboardStats
	// Dashboards counts the dashboards computed: the costly read a narrower one should avoid.
	Dashboards atomic.Int64
}

// Dashboard implements account.Stats.
func (s *Stats) Dashboard(ctx context.Context, v rma.Viewer, _ time.Time) (rma.DashboardStats, error) {
	s.Dashboards.Add(1)
	out := s.ByViewer[v.Subject]
	if out.ByStatus == nil {
		out.ByStatus = map[rma.Status]int{}
	}
	out.Models, _ = s.Models(ctx, v)
	return out, nil
}

// Models implements account.Stats: the models of the viewer's RMAs and registered units.
func (s *Stats) Models(ctx context.Context, v rma.Viewer) ([]string, error) {
	models := []string{}
	for _, r := range s.rmas.visible(v, rma.HistoryFilter{}) {
		models = append(models, r.Model)
	}
	regs, _ := s.units.Registrations(ctx, v)
	for _, r := range regs {
		models = append(models, r.Unit.Model)
	}
	slices.Sort(models)
	return slices.Compact(models), nil
}

// Spend answers fixed amounts per owner.
type Spend struct {
	ByOwner map[string][]account.MonthAmount
}

// SpendByMonth implements account.Spend.
func (s *Spend) SpendByMonth(_ context.Context, owner, _ string, _ time.Time) ([]account.MonthAmount, error) {
	return s.ByOwner[owner], nil
}

// Labels maps label ids to their expiry.
type Labels map[string]time.Time

// ExpiresAt implements account.Labels.
func (l Labels) ExpiresAt(_ context.Context, id string) (time.Time, bool, error) {
	at, ok := l[id]
	return at, ok, nil
}

// Feed is an append-only log of changes.
type Feed struct {
	mu      sync.Mutex
	changes []rma.Change
	// latestRead is closed by the first Latest (made by whichever of it and LatestRead comes
	// first).
	latestRead chan struct{}
}

// LatestRead is closed once a stream has asked where the feed ends: every change appended after
// that is news to the stream, so a test appends then instead of sleeping for the poller.
func (f *Feed) LatestRead() <-chan struct{} {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.latestReadLocked()
}

func (f *Feed) latestReadLocked() chan struct{} {
	if f.latestRead == nil {
		f.latestRead = make(chan struct{})
	}
	return f.latestRead
}

// Append adds a change with the next id.
func (f *Feed) Append(c rma.Change) rma.Change {
	f.mu.Lock()
	defer f.mu.Unlock()
	c.ID = int64(len(f.changes) + 1)
	f.changes = append(f.changes, c)
	return c
}

// Since implements account.Feed.
func (f *Feed) Since(_ context.Context, after int64, limit int) ([]rma.Change, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	var out []rma.Change
	for _, c := range f.changes {
		if c.ID > after && len(out) < limit {
			out = append(out, c)
		}
	}
	return out, nil
}

// Latest implements account.Feed.
func (f *Feed) Latest(context.Context) (int64, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	read := f.latestReadLocked()
	select {
	case <-read:
	default:
		close(read)
	}
	return int64(len(f.changes)), nil
}
