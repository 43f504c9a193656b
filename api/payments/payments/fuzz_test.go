package payments_test

import (
	"regexp"
	"strings"
	"testing"
	"unicode/utf8"

	"rugged.example/portal/api/payments/payments"
	"rugged.example/portal/api/pkg/validate"
)

var releaseSuffix = regexp.MustCompile(`-[0-9]{4,5}$`)

// A purchase order the rules accept has its file, fits CustomerPOMax as sent, has a PO number,
// and, for a release domain's customer, ends in a 4- or 5-digit release after a dash; whether a
// release is required ignores the e-mail's case and holds for the domains under a release domain.
func FuzzPORules(f *testing.F) {
	f.Add("olivia@fleetco.example", "PO-4471-20931", "file-1", "fleetco.example")
	f.Add("olivia@east.FLEETCO.example", " - 1234", "file-1", "")
	f.Add("casey@example.com", strings.Repeat("9", payments.CustomerPOMax+1), "", "example.com")
	f.Add("no-at-sign", "PO-1", "f", "@")
	f.Fuzz(func(t *testing.T, email, po, fileID, domain string) {
		rules := payments.PORules{ReleaseDomains: []string{"fleetco.example", domain}}
		var v validate.Errors
		rules.Validate(&v, email, po, fileID)
		release := rules.ReleaseRequired(email)
		if release != rules.ReleaseRequired(strings.ToUpper(email)) && isASCII(email) {
			t.Fatalf("ReleaseRequired(%q) depends on case", email)
		}
		if at := strings.LastIndexByte(email, '@'); release && at >= 0 {
			if !rules.ReleaseRequired(email[:at] + "@branch." + email[at+1:]) {
				t.Fatalf("a domain under %q's is not a release domain", email)
			}
		}
		if v.Err() != nil {
			return
		}
		if fileID == "" || utf8.RuneCountInString(po) > payments.CustomerPOMax {
			t.Fatalf("accepted PO %q with file %q", po, fileID)
		}
		number := po
		if release {
			if !releaseSuffix.MatchString(po) {
				t.Fatalf("accepted %q without its release for %q", po, email)
			}
			number = po[:strings.LastIndexByte(po, '-')]
		}
		if strings.TrimSpace(number) == "" {
			t.Fatalf("accepted %q without a PO number", po)
		}
	})
}

func isASCII(s string) bool {
	for i := range len(s) {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}
