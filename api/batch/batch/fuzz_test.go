package batch_test

import (
	"bytes"
	"testing"

	"rugged.example/portal/api/batch/batch"
	"rugged.example/portal/api/pkg/fault"
)

// Whatever a customer uploads, Parse answers rows within the limits or one of its refusals,
// never a panic or an error without an id.
func FuzzParse(f *testing.F) {
	f.Add(batch.Template())
	f.Add([]byte("Serial,Has Data\nrt10000001,yes\n\n,\n"))
	f.Add([]byte("serial,notes\nRT10000001,\"=HYPERLINK(\"\"x\"\")\"\n"))
	f.Add([]byte("serail\n"))
	f.Add([]byte("PK\x03\x04"))
	f.Fuzz(func(t *testing.T, raw []byte) {
		rows, err := batch.Parse(bytes.NewReader(raw))
		if err != nil {
			if _, ok := fault.As(err); !ok {
				t.Fatalf("an error without a fault id: %v", err)
			}
			return
		}
		if len(rows) == 0 || len(rows) > batch.MaxRows {
			t.Fatalf("%d rows", len(rows))
		}
		for _, r := range rows {
			if r.Line < 2 {
				t.Fatalf("a row on line %d, at or above its header", r.Line)
			}
		}
	})
}
