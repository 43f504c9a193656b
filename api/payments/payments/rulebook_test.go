package payments_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"rugged.example/portal/api/payments/payments"
	"rugged.example/portal/api/pkg/fault"
	"rugged.example/portal/api/pkg/rulebook"
	"rugged.example/portal/api/pkg/validate"
)

// The rulebook's purchase order (packages/rulebook/vectors), which packages/forms validatePayment
// applies in the browser with the same vectors.

type purchaseOrder struct {
	PONumber        string `json:"poNumber"`
	PORelease       string `json:"poRelease"`
	ReleaseRequired bool   `json:"releaseRequired"`
	HasFile         bool   `json:"hasFile"`
}

// poFormFields are the checkout's fields that paymentData's fields are shown on.
var poFormFields = map[string]string{
	payments.FieldCustomerPO: "poNumber",
	payments.FieldPORelease:  "poRelease",
	payments.FieldPOFile:     "poFile",
}

func TestRulebook_PurchaseOrder(t *testing.T) {
	rules := payments.PORules{ReleaseDomains: []string{"fleetco.example"}}
	rulebook.Run(t, "purchase-order", func(in purchaseOrder) map[string]string {
		// customerPO as the browser sends it (packages/forms customerPO): PO, or PO-release.
		email, sent := "casey@example.com", strings.TrimSpace(in.PONumber)
		if in.ReleaseRequired {
			email, sent = "olivia@fleetco.example", sent+"-"+strings.TrimSpace(in.PORelease)
		}
		file := ""
		if in.HasFile {
			file = "po/2026/01/a.pdf"
		}
		var v validate.Errors
		rules.Validate(&v, email, sent, file)
		fields := map[string]string{}
		if err := v.Err(); err != nil {
			f, ok := fault.As(err)
			require.True(t, ok, "want a validation fault, got %v", err)
			for path, msg := range f.Fields {
				fields[poFormFields[path]] = msg
			}
		}
		return fields
	})
}
