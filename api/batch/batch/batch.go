// Package batch is the fleet batch's core (issue 30): the rows a customer brings (a CSV or XLSX
// file, parsed here), the pre-flight that checks every row against the rules of one RMA and
// prices it as the repair service prices one, before anything is created; then the batch's life:
// the submit with its one combined quote, the worker that creates the RMAs, boxes, documents and
// one e-mail, the later payment, the removal of unpaid rows and the quote's expiry. Everything
// of another module comes through ports the composition root adapts (ports.go): batch imports
// the rma capability, the payments capability's PO rules and api/pkg, never another service.
package batch

import (
	"strings"

	"rugged.example/portal/api/pkg/fault"
)

// MaxRows is the most rows one batch holds.
const MaxRows = 1000

// Row is one unit of a batch as the customer wrote it: what one RMA's problem step asks,
// plus the branch it ships from. HasData answers the camera's data question (VERETOS units);
// nil is unanswered.
type Row struct {
	Serial            string
	Fault             string
	Problem           string
	Notes             string
	CustomerReference string
	AssetTag          string
	Branch            string
	HasData           *bool
}

// The columns of a batch file, in the template's order. Serial is the only one a file must
// have: the others may be filled in on the page.
const (
	ColSerial            = "serial"
	ColFault             = "fault"
	ColProblem           = "problem"
	ColNotes             = "notes"
	ColCustomerReference = "customer reference"
	ColAssetTag          = "asset tag"
	ColBranch            = "branch"
	ColHasData           = "has data"
)

// Columns lists every column a batch file may have, in the template's order.
var Columns = []string{ColSerial, ColFault, ColProblem, ColNotes, ColCustomerReference, ColAssetTag, ColBranch, ColHasData}

// columnKey is how a header cell names a column: case and spaces do not matter ("Customer
// Reference", "customerReference" and " ASSET  TAG " all name theirs).
func columnKey(header string) string {
	return strings.ToLower(strings.Join(strings.Fields(header), ""))
}

// ErrBadFile is the refusal of a file the batch cannot read; each refusal says why in its
// message (badFile).
var ErrBadFile = fault.New(fault.KindInvalid, "batch.badFile", "The file could not be read as a batch.")

// badFile is ErrBadFile with the message that names the problem.
func badFile(message string) error {
	return &fault.Error{Kind: ErrBadFile.Kind, ID: ErrBadFile.ID, Message: message}
}

// ErrTooLarge refuses a file over MaxFileSize.
var ErrTooLarge = fault.New(fault.KindTooLarge, "batch.tooLarge", "A batch file must be 2 MB or smaller.")

// MaxFileSize bounds a batch file: 1,000 rows of the longest cells fit well within it.
const MaxFileSize = 2 << 20
