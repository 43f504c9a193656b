package compose_test

import (
	"slices"
	"testing"
)

// The depot staff's columns of the authorization matrix (authz_matrix_test.go): tariq, a
// technician, and lena, a lead, sign in through the same provider with staff roles only. Staff
// are not customers, so every row answers them as it answers nora (no customer role) unless
// staffWant says otherwise; the depot's routes refuse every customer persona.

// staffUsers are the staff callers, in the order of a staffWant.
var staffUsers = []string{"tariq", "lena"}

// staffWant is what tariq and lena get where it differs from nora's answer, keyed "METHOD route".
var staffWant = map[string][2]int{
	"POST /depot/photos":                    {200, 200},
	"POST /depot/rmas/:number/receive":      {400, 400}, // admitted: the row's body stops at validation (no photo)
	"POST /depot/rmas/:number/repair":       {400, 400}, // admitted: the row's body stops at validation (no QA)
	"POST /depot/rmas/:number/diagnosis":    {400, 400}, // admitted: the row's body stops at validation (no finding)
	"GET /depot/rmas/:number":               {200, 200},
	"GET /depot/photos/*id":                 {404, 404}, // admitted: the row's photo belongs to no RMA
	"POST /depot/rmas/:number/ship":         {409, 409}, // admitted: the row's RMA awaits its unit, so nothing ships
	"GET /depot/rmas/:number/return-label":  {404, 404}, // admitted: the row's RMA has not shipped back
	"POST /depot/parts-orders/:number/ship": {409, 409}, // admitted: the row's order awaits its payment (or is cancelled), so nothing ships
	"GET /depot/parts-orders":               {200, 200},
	"GET /depot/queue":                      {200, 200},
	"GET /depot/backlog":                    {403, 200},
	"GET /depot/audit":                      {403, 200},
	"GET /depot/flags":                      {403, 200},
	"GET /depot/turnaround":                 {403, 200},
}

// depotMatrix are the depot's rows: staff only, so every customer persona is refused.
var depotMatrix = []restRow{
	{"POST", "/depot/photos", "/depot/photos", "multipart:files[0]:crack.png", false, want{401, 403, 403, 403, 403, 403}},
	{"POST", "/depot/rmas/:number/receive", "/depot/rmas/<advanceRMA>/receive", `{"serial":"<rmaSerial>","photos":[]}`, false, want{401, 403, 403, 403, 403, 403}},
	{"POST", "/depot/rmas/:number/repair", "/depot/rmas/<advanceRMA>/repair", `{"workPerformed":"Matrix."}`, false, want{401, 403, 403, 403, 403, 403}},
	{"GET", "/depot/rmas/:number", "/depot/rmas/<advanceRMA>", "", false, want{401, 403, 403, 403, 403, 403}},
	{"GET", "/depot/photos/*id", "/depot/photos/rma/2026/01/00000000-0000-0000-0000-000000000000.png", "", false, want{401, 403, 403, 403, 403, 403}},
	{"POST", "/depot/rmas/:number/diagnosis", "/depot/rmas/<advanceRMA>/diagnosis", `{"findings":[]}`, false, want{401, 403, 403, 403, 403, 403}},
	{"POST", "/depot/rmas/:number/ship", "/depot/rmas/<advanceRMA>/ship", "", false, want{401, 403, 403, 403, 403, 403}},
	{"GET", "/depot/rmas/:number/return-label", "/depot/rmas/<advanceRMA>/return-label", "", false, want{401, 403, 403, 403, 403, 403}},
	{"POST", "/depot/parts-orders/:number/ship", "/depot/parts-orders/<order>/ship", `{"carrier":"UPS","trackingNumber":"1Z1"}`, true, want{401, 403, 403, 403, 403, 403}},
	{"GET", "/depot/parts-orders", "/depot/parts-orders", "", false, want{401, 403, 403, 403, 403, 403}},
	{"GET", "/depot/queue", "/depot/queue?q=<rmaSerial>", "", false, want{401, 403, 403, 403, 403, 403}},
	{"GET", "/depot/backlog", "/depot/backlog", "", false, want{401, 403, 403, 403, 403, 403}},
	{"GET", "/depot/audit", "/depot/audit", "", false, want{401, 403, 403, 403, 403, 403}},
	{"GET", "/depot/flags", "/depot/flags", "", false, want{401, 403, 403, 403, 403, 403}},
	{"GET", "/depot/turnaround", "/depot/turnaround", "", false, want{401, 403, 403, 403, 403, 403}},
}

// restRows are every route's rows.
func restRows() []restRow { return append(slices.Clone(restMatrix), depotMatrix...) }

// staffCalls calls row r's method m as each staff member on casey's resources.
func (f *matrixFixture) staffCalls(t *testing.T, m string, r restRow) {
	t.Helper()
	_, resource := f.roles(nora, r.orgResource)
	want, ok := staffWant[m+" "+r.route]
	if !ok {
		want = [2]int{r.want[nora], r.want[nora]}
	}
	for i, caller := range staffUsers {
		if code, body := f.call(m, r, caller, resource); code != want[i] {
			t.Errorf("%s %s as staff (%s): want %d, got %d: %.300s", m, r.target, caller, want[i], code, body)
		}
	}
}
