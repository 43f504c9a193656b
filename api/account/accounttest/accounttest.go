// Package accounttest gives the account service's tests its ports in memory: RMAs with their
// timelines and the rma capability's visibility, registrations (through the rma core's real
// rules), proof files, dashboard figures, spend, label validity, profiles and the status feed.
// Branches and drivers use accountdb on SQLite, as the service does.
package accounttest

import (
	"context"
	"slices"
	"strings"
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
	"rugged.example/portal/api/pkg/fault"
	"rugged.example/portal/api/pkg/testkit"
	"rugged.example/portal/api/pkg/validate"
	"rugged.example/portal/api/rma/rma"
	"rugged.example/portal/api/uploads/uploads"
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
	Store    *accountdb.Store
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
	e.Service = account.NewService(account.Deps{
		Profiles: e.Profiles.Merged(), ProfileStore: e.Profiles, Addresses: Addresses{places},
		Branches: e.Store, Drivers: e.Store, Files: bucket, Tx: Tx{e.Units},
		Registrations: rma.NewRegistrations(e.Units, Tx{e.Units}, now), Proofs: e.Proofs,
		History: e.RMAs, Stats: e.Stats, Spend: e.Spend, Labels: e.Labels, Log: testkit.Quiet(), Now: now,
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

// RMA is one RMA of the fake history, with its timeline and repair work.
type RMA struct {
	rma.RMA
	UpdatedAt time.Time
	Timeline  []rma.Event
	Work      []rma.RepairWork
}

// RMAs is the history over a slice, with the rma capability's visibility.
type RMAs struct {
	mu   sync.Mutex
	list []RMA
	// EachFails makes Each fail with it after EachFailsAfter items, as a database that goes
	// away midway through a download.
	EachFails      error
	EachFailsAfter int
}

// Reset forgets every RMA.
func (h *RMAs) Reset() {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.list = nil
}

// Add stores r.
func (h *RMAs) Add(r RMA) {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.list = append(h.list, r)
}

func (h *RMAs) visible(v rma.Viewer, f rma.HistoryFilter) []RMA {
	h.mu.Lock()
	defer h.mu.Unlock()
	var out []RMA
	text := strings.ToLower(f.Text)
	for _, r := range h.list {
		if !v.Sees(r.Owner, r.Org) {
			continue
		}
		if text != "" && !slices.ContainsFunc([]string{r.Number, r.Serial, r.Model, r.Problem.CustomerReference, r.Problem.AssetTag},
			func(s string) bool { return strings.Contains(strings.ToLower(s), text) }) {
			continue
		}
		if len(f.Years) > 0 && !slices.Contains(f.Years, r.CreatedAt.Year()) {
			continue
		}
		if len(f.Months) > 0 && !slices.Contains(f.Months, int(r.CreatedAt.Month())) {
			continue
		}
		out = append(out, r)
	}
	// Newest first, the default sort; the fakes do not sort otherwise.
	slices.SortFunc(out, func(a, b RMA) int { return b.CreatedAt.Compare(a.CreatedAt) })
	return out
}

func item(r RMA) rma.HistoryItem {
	return rma.HistoryItem{
		UID: r.UID, Number: r.Number, Type: r.Type, Status: r.Status, Serial: r.Serial, Model: r.Model,
		Problem: r.Problem.Problem, CustomerReference: r.Problem.CustomerReference, AssetTag: r.Problem.AssetTag,
		Owner: r.Owner, Org: r.Org, OpenedBy: r.OpenedByName,
		CreatedAt: r.CreatedAt, UpdatedAt: r.UpdatedAt,
	}
}

// Offset implements account.History.
func (h *RMAs) Offset(_ context.Context, v rma.Viewer, f rma.HistoryFilter, _ []rma.HistorySort, page, perPage int) ([]rma.HistoryItem, int, error) {
	all := h.visible(v, f)
	from := min((page-1)*perPage, len(all))
	to := min(from+perPage, len(all))
	out := []rma.HistoryItem{}
	for _, r := range all[from:to] {
		out = append(out, item(r))
	}
	return out, len(all), nil
}

// Each implements account.History.
func (h *RMAs) Each(_ context.Context, v rma.Viewer, f rma.HistoryFilter, _ []rma.HistorySort, fn func(rma.HistoryItem) error) error {
	for i, r := range h.visible(v, f) {
		if h.EachFails != nil && i == h.EachFailsAfter {
			return h.EachFails
		}
		if err := fn(item(r)); err != nil {
			return err
		}
	}
	return nil
}

func (h *RMAs) find(v rma.Viewer, match func(RMA) bool) (RMA, error) {
	for _, r := range h.visible(v, rma.HistoryFilter{}) {
		if match(r) {
			return r, nil
		}
	}
	return RMA{}, rma.ErrRMANotFound
}

// Details implements account.History.
func (h *RMAs) Details(_ context.Context, v rma.Viewer, uid string) (rma.Details, error) {
	r, err := h.find(v, func(r RMA) bool { return r.UID == uid })
	if err != nil {
		return rma.Details{}, err
	}
	return rma.Details{RMA: r.RMA, Timeline: r.Timeline}, nil
}

// RepairSummary implements account.History.
func (h *RMAs) RepairSummary(_ context.Context, v rma.Viewer, number string) (rma.RepairSummary, error) {
	r, err := h.find(v, func(r RMA) bool { return r.Number == number })
	if err != nil {
		return rma.RepairSummary{}, err
	}
	return rma.RepairSummary{RMA: r.RMA, Work: r.Work}, nil
}

// Units is the registry and its registrations, behind the rma core's real registration rules.
type Units struct {
	mu    sync.Mutex
	units []rma.Unit
	regs  []rma.Registration
}

// Reset empties the registry and its registrations.
func (u *Units) Reset() {
	u.mu.Lock()
	defer u.mu.Unlock()
	u.units, u.regs = nil, nil
}

// AddUnit puts u in the registry.
func (u *Units) AddUnit(unit rma.Unit) {
	u.mu.Lock()
	defer u.mu.Unlock()
	u.units = append(u.units, unit)
}

// UnitBySerial implements rma.RegistrationStore.
func (u *Units) UnitBySerial(_ context.Context, serial string) (rma.Unit, error) {
	u.mu.Lock()
	defer u.mu.Unlock()
	for _, x := range u.units {
		if x.Serial == serial {
			return x, nil
		}
	}
	return rma.Unit{}, rma.ErrUnitNotFound
}

// CreateRegistration implements rma.RegistrationStore.
func (u *Units) CreateRegistration(_ context.Context, r rma.Registration) error {
	u.mu.Lock()
	defer u.mu.Unlock()
	if slices.ContainsFunc(u.regs, func(x rma.Registration) bool { return x.Serial == r.Serial }) {
		return rma.ErrAlreadyRegistered
	}
	u.regs = append(u.regs, r)
	return nil
}

// Registrations implements rma.RegistrationStore.
func (u *Units) Registrations(_ context.Context, v rma.Viewer) ([]rma.Registration, error) {
	u.mu.Lock()
	defer u.mu.Unlock()
	var out []rma.Registration
	for i := len(u.regs) - 1; i >= 0; i-- {
		if r := u.regs[i]; v.Sees(r.Owner, r.Org) {
			out = append(out, r)
		}
	}
	return out, nil
}

type proof struct{ owner, name, claim string }

// Proofs are uploaded proof files and their claims, with the uploads capability's messages.
type Proofs struct {
	mu    sync.Mutex
	files map[string]*proof
}

// Reset forgets every file.
func (p *Proofs) Reset() {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.files = map[string]*proof{}
}

// Upload records owner's file id, uploaded as name.
func (p *Proofs) Upload(owner, id, name string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.files[id] = &proof{owner: owner, name: name}
}

// Claim is what file id was claimed for, "" while unclaimed.
func (p *Proofs) Claim(id string) string {
	p.mu.Lock()
	defer p.mu.Unlock()
	if f, ok := p.files[id]; ok {
		return f.claim
	}
	return ""
}

// ClaimPurchaseOrder implements account.ProofFiles.
func (p *Proofs) ClaimPurchaseOrder(_ context.Context, owner, id, claim string) error {
	p.mu.Lock()
	defer p.mu.Unlock()
	f, ok := p.files[id]
	switch {
	case !ok || f.owner != owner:
		return fault.Validation(map[string]string{uploads.FieldPOFile: uploads.MsgPOFileUnknown})
	case f.claim != "" && f.claim != claim:
		return fault.Validation(map[string]string{uploads.FieldPOFile: uploads.MsgPOFileTaken})
	}
	f.claim = claim
	return nil
}

// ProofNames implements account.ProofFiles.
func (p *Proofs) ProofNames(_ context.Context, ids []string) (map[string]string, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	out := map[string]string{}
	for _, id := range ids {
		if f, ok := p.files[id]; ok {
			out[id] = f.name
		}
	}
	return out, nil
}

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
