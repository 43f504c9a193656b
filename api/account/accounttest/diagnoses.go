package accounttest

import (
	"context"
	"io"
	"strings"
	"sync"

	"rugged.example/portal/api/rma/rma"
	"rugged.example/portal/api/uploads/uploads"
)

// Diagnoses is an in-memory account.Diagnoses over the RMAs it knows of: ByNumber holds the
// diagnoses, RMAs the owners.
type Diagnoses struct {
	mu       sync.Mutex
	RMAs     *RMAs
	ByNumber map[string]rma.Diagnosis
}

// Set records d as its RMA's diagnosis.
func (d *Diagnoses) Set(x rma.Diagnosis) {
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.ByNumber == nil {
		d.ByNumber = map[string]rma.Diagnosis{}
	}
	d.ByNumber[x.RMANumber] = x
}

func (d *Diagnoses) Of(_ context.Context, number string) (*rma.Diagnosis, error) {
	d.mu.Lock()
	defer d.mu.Unlock()
	x, ok := d.ByNumber[number]
	if !ok {
		return nil, nil
	}
	return &x, nil
}

func (d *Diagnoses) OfOwner(ctx context.Context, owner, number string) (*rma.Diagnosis, error) {
	d.RMAs.mu.Lock()
	found := false
	for _, r := range d.RMAs.list {
		found = found || (r.RMA.Number == number && r.RMA.Owner == owner)
	}
	d.RMAs.mu.Unlock()
	if !found {
		return nil, rma.ErrRMANotFound
	}
	return d.Of(ctx, number)
}

// Photos is an in-memory account.DiagnosisPhotos: each photo's bytes by name, claimed to RMA.
type Photos struct {
	RMA   string
	Bytes map[string]string
}

func (p Photos) OpenClaimed(_ context.Context, name, rmaNumber string) (io.ReadCloser, uploads.Attachment, error) {
	b, ok := p.Bytes[name]
	if !ok || rmaNumber != p.RMA {
		return nil, uploads.Attachment{}, uploads.ErrNotFound
	}
	return io.NopCloser(strings.NewReader(b)), uploads.Attachment{BucketFileName: name, ContentType: "image/png", Size: int64(len(b)), RMANumber: p.RMA}, nil
}
