package accounttest

import (
	"context"
	"slices"
	"sync"

	"rugged.example/portal/api/pkg/fault"
	"rugged.example/portal/api/rma/rma"
	"rugged.example/portal/api/uploads/uploads"
)

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
