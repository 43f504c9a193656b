package loaddriver

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"gorm.io/gorm"
)

// Ack is an RMA a client saw acknowledged: 200 with its number to a create sent with key.
type Ack struct {
	Owner, Key, Serial, RMANumber string
}

// Audit is what the database holds of the RMAs of the audited owners, against the acks.
type Audit struct {
	Acknowledged int
	// Stored counts the owners' RMAs in the database; Unacknowledged those among them no
	// client saw acknowledged (a create whose answer was lost: its key finds it again).
	Stored, Unacknowledged int
	// Lost are acknowledged RMAs the database does not hold (or holds for another owner,
	// serial or key).
	Lost []string
	// Duplicated are serials with more than one RMA and idempotency keys answered with two
	// numbers.
	Duplicated []string
	// HalfWritten are stored RMAs that miss a part the create writes in one transaction (a
	// line, the "created" event, the unit's mark, the idempotency key) or a label without its
	// event.
	HalfWritten []string
	// Unlabelled are stored RMAs with neither a label nor a recorded label failure (a
	// "label_failed" or "label_retries_exhausted" event). A retry still due does not count:
	// every label RMA is born with one (the retrier's safety net), so it would pass an RMA whose
	// label was never issued; callers that stopped the database first run the retrier to the
	// end (compose.App.RetryLabelsNow), then audit.
	Unlabelled []string
	// LabelFailures counts RMAs without a label whose failure is recorded.
	LabelFailures int
}

// OK says nothing was lost, duplicated, half-written or left without a label.
func (a Audit) OK() bool {
	return len(a.Lost)+len(a.Duplicated)+len(a.HalfWritten)+len(a.Unlabelled) == 0
}

func (a Audit) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "acknowledged %d, stored %d (unacknowledged %d), lost %d, duplicated %d, half-written %d, without label nor recorded failure %d, label failures recorded %d",
		a.Acknowledged, a.Stored, a.Unacknowledged, len(a.Lost), len(a.Duplicated), len(a.HalfWritten), len(a.Unlabelled), a.LabelFailures)
	for _, l := range []struct {
		name  string
		items []string
	}{{"lost", a.Lost}, {"duplicated", a.Duplicated}, {"half-written", a.HalfWritten}, {"unlabelled", a.Unlabelled}} {
		if len(l.items) > 0 {
			fmt.Fprintf(&b, "\n  %s: %s", l.name, strings.Join(l.items[:min(len(l.items), 20)], "; "))
		}
	}
	return b.String()
}

type storedRMA struct {
	Number, Owner, Serial, LabelID, ShippingError string
	Lines, Created, LabelEvents, LabelFailures    int
	UnitMark                                      string
	Keys                                          int
}

// AuditRMAs reads, straight from the tables the create writes, every RMA of the owners of acks
// and checks it against acks: each acknowledged RMA exists once, for its owner, serial and key,
// whole (lines, "created" event, unit marked, key) and with a label or a recorded failure.
func AuditRMAs(ctx context.Context, gdb *gorm.DB, acks []Ack) (Audit, error) {
	a := Audit{Acknowledged: len(acks)}
	var owners []string
	for _, k := range acks {
		owners = append(owners, k.Owner)
	}
	slices.Sort(owners)
	owners = slices.Compact(owners)
	if len(owners) == 0 {
		return a, nil
	}
	var rows []storedRMA
	err := gdb.WithContext(ctx).Raw(`
SELECT r.number, r.owner, r.serial, r.label_id, r.shipping_error,
  (SELECT count(*) FROM rma_lines l WHERE l.rma_number = r.number) AS lines,
  (SELECT count(*) FROM rma_events e WHERE e.rma_number = r.number AND e.kind = 'created') AS created,
  (SELECT count(*) FROM rma_events e WHERE e.rma_number = r.number AND e.kind IN ('label_issued', 'label_failed')) AS label_events,
  (SELECT count(*) FROM rma_events e WHERE e.rma_number = r.number AND e.kind IN ('label_failed', 'label_retries_exhausted')) AS label_failures,
  COALESCE((SELECT u.open_rma_number FROM rma_units u WHERE u.serial = r.serial), '') AS unit_mark,
  (SELECT count(*) FROM rma_idempotency_keys k WHERE k.rma_number = r.number) AS keys
FROM rma_rmas r WHERE r.owner IN ?`, owners).Scan(&rows).Error
	if err != nil {
		return a, fmt.Errorf("audit: read RMAs: %w", err)
	}
	var keys []struct{ Owner, Key, RMANumber string }
	if err := gdb.WithContext(ctx).Raw(`SELECT owner, key, rma_number FROM rma_idempotency_keys WHERE owner IN ?`, owners).Scan(&keys).Error; err != nil {
		return a, fmt.Errorf("audit: read idempotency keys: %w", err)
	}
	byNumber := map[string]storedRMA{}
	bySerial := map[string][]string{}
	for _, r := range rows {
		byNumber[r.Number] = r
		bySerial[r.Serial] = append(bySerial[r.Serial], r.Number)
		switch {
		case r.Lines == 0, r.Created != 1, r.UnitMark != r.Number, r.Keys != 1,
			r.LabelID != "" && r.LabelEvents == 0, r.ShippingError != "" && r.LabelEvents == 0:
			a.HalfWritten = append(a.HalfWritten, fmt.Sprintf("%s (lines %d, created events %d, unit mark %q, keys %d, label events %d)",
				r.Number, r.Lines, r.Created, r.UnitMark, r.Keys, r.LabelEvents))
		}
		switch {
		case r.LabelID == "" && r.LabelFailures == 0:
			a.Unlabelled = append(a.Unlabelled, r.Number)
		case r.LabelID == "":
			a.LabelFailures++
		}
	}
	a.Stored = len(rows)
	keyNumber := map[[2]string]string{}
	for _, k := range keys {
		keyNumber[[2]string{k.Owner, k.Key}] = k.RMANumber
	}
	acked := map[string]string{}
	for _, k := range acks {
		r, ok := byNumber[k.RMANumber]
		switch {
		case !ok:
			a.Lost = append(a.Lost, k.RMANumber+" (not stored)")
		case r.Owner != k.Owner || r.Serial != k.Serial:
			a.Lost = append(a.Lost, fmt.Sprintf("%s (stored for %s/%s, acknowledged for %s/%s)", k.RMANumber, r.Owner, r.Serial, k.Owner, k.Serial))
		case keyNumber[[2]string{k.Owner, k.Key}] != k.RMANumber:
			a.Lost = append(a.Lost, fmt.Sprintf("%s (key %s names %q)", k.RMANumber, k.Key, keyNumber[[2]string{k.Owner, k.Key}]))
		}
		id := k.Owner + "\x00" + k.Key
		if prev, seen := acked[id]; seen && prev != k.RMANumber {
			a.Duplicated = append(a.Duplicated, fmt.Sprintf("key %s: acknowledged as %s and %s", k.Key, prev, k.RMANumber))
		}
		acked[id] = k.RMANumber
	}
	for serial, numbers := range bySerial {
		if len(numbers) > 1 {
			a.Duplicated = append(a.Duplicated, fmt.Sprintf("serial %s: %s", serial, strings.Join(numbers, ", ")))
		}
	}
	ackedNumbers := map[string]bool{}
	for _, k := range acks {
		ackedNumbers[k.RMANumber] = true
	}
	for _, r := range rows {
		if !ackedNumbers[r.Number] {
			a.Unacknowledged++
		}
	}
	return a, nil
}
