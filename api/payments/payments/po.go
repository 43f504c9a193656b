package payments

import (
	"regexp"
	"slices"
	"strings"

	"rugged.example/portal/api/pkg/fault"
	"rugged.example/portal/api/pkg/validate"
)

// Spec §5 "PO payment": the rules of a purchase order, the same wherever the portal takes one
// (the repair service's out-of-warranty path, the parts service's checkout), with the messages
// the browser shows.
const (
	// CustomerPOMax is the longest customerPO accepted, PO-release included.
	CustomerPOMax = 35
	// MsgReleaseDigits is the release number's rule.
	MsgReleaseDigits = "Must be 4 or 5 digits"
	// MsgMustAttachFiles is spec §8's message for a PO without its file (the same words as the
	// create-RMA form's problem step).
	MsgMustAttachFiles = "Must Attach Files"
)

// Fields of a payload's paymentData, as the browser names them.
const (
	FieldPaymentMethod = "paymentData.paymentMethod"
	FieldCustomerPO    = "paymentData.customerPO"
	FieldPORelease     = "paymentData.poRelease"
	FieldPOFile        = "paymentData.customerPOFileId"
)

// ErrPONotAllowed is a purchase-order payment from a customer without service:payment:po.
var ErrPONotAllowed = fault.New(fault.KindForbidden, "payments.poNotAllowed", "Your account cannot pay by purchase order.")

var releaseNumber = regexp.MustCompile(`^[0-9]{4,5}$`)

// PORules are the purchase-order rules with the portal's PO_RELEASE_DOMAINS: the e-mail domains
// whose purchase orders carry a release number.
type PORules struct {
	ReleaseDomains []string
}

// ReleaseRequired reports whether email is of a release domain or one under it.
func (r PORules) ReleaseRequired(email string) bool {
	at := strings.LastIndexByte(email, '@')
	if at < 0 {
		return false
	}
	domain := strings.ToLower(strings.TrimSpace(email[at+1:]))
	return slices.ContainsFunc(r.ReleaseDomains, func(d string) bool {
		d = strings.ToLower(strings.TrimSpace(d))
		return d != "" && (domain == d || strings.HasSuffix(domain, "."+d))
	})
}

// releaseMaxLen is the longest "-release" a customerPO ends with: a dash and 5 digits.
const releaseMaxLen = len("-12345")

// Validate adds to v what is wrong with a purchase order of the customer whose e-mail is email:
// a PO number (with its release number after the last dash for a release domain: 'Required'
// when none follows it), and its file. customerPO, PO-release included, is at most CustomerPOMax
// characters as sent: with a release the PO number has the room a 5-digit release leaves it, the
// limit the browser shows on the PO number's field (packages/rulebook/vectors/purchase-order.json).
// customerPO and fileID are as the caller trimmed them. Whether the customer may pay by PO at
// all (service:payment:po) is the caller's check: ErrPONotAllowed.
func (r PORules) Validate(v *validate.Errors, email, customerPO, fileID string) {
	po, limit := customerPO, CustomerPOMax
	if r.ReleaseRequired(email) {
		limit -= releaseMaxLen
		// The browser sends PO-release as one string: the release is after the last dash.
		i := strings.LastIndexByte(po, '-')
		switch {
		case i < 0 || strings.TrimSpace(po[i+1:]) == "":
			v.Add(FieldPORelease, validate.MsgRequired)
		case !releaseNumber.MatchString(po[i+1:]):
			v.Add(FieldPORelease, MsgReleaseDigits)
		}
		if i >= 0 {
			po = strings.TrimSpace(po[:i])
		}
	}
	v.Required(FieldCustomerPO, po)
	v.MaxLen(FieldCustomerPO, po, limit)
	if fileID == "" {
		v.Add(FieldPOFile, MsgMustAttachFiles)
	}
}
