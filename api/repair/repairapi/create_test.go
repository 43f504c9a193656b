package repairapi_test

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/gin-gonic/gin"
	"github.com/stretchr/testify/require"

	"rugged.example/portal/api/geo/geo"
	"rugged.example/portal/api/pkg/auth"
	"rugged.example/portal/api/pkg/auth/authtest"
	"rugged.example/portal/api/pkg/cache"
	"rugged.example/portal/api/pkg/db"
	"rugged.example/portal/api/pkg/testkit"
	"rugged.example/portal/api/repair/repairapi"
	"rugged.example/portal/api/rma/rma"
	"rugged.example/portal/api/rma/rmadb"
	"rugged.example/portal/api/rma/rmatest"
	"rugged.example/portal/api/shipping/shippingapi"
)

// geoRules holds the API to the real address rules of the geography module.
type geoRules struct{ catalog *geo.Catalog }

func (g geoRules) ValidateAddress(a rma.Address) error {
	return g.catalog.ValidateAddress(geo.Address(a), false)
}

func (geoRules) IsMilitaryAddress(a rma.Address) bool { return geo.IsMilitaryAddress(geo.Address(a)) }

type createEnv struct {
	router *gin.Engine
	token  string
	signer *authtest.Signer
	store  *rmadb.Store
}

func newCreateEnv(t *testing.T) createEnv {
	t.Helper()
	gin.SetMode(gin.TestMode)
	log := testkit.Quiet()
	tx, store := demoRegistry(t)
	units := rma.NewService(store, cache.NewMemory(100), log, nil)
	places, err := geo.Load()
	require.NoError(t, err)
	creator := &rma.Creator{
		Store: store, Tx: tx, Addresses: geoRules{places},
		Uploads: rmatest.NewClaimer("usr_casey", "rma/photo.jpg"), Shipping: &rmatest.Issuer{}, Mail: &rmatest.Mailer{},
		Units: units, Secrets: rmatest.Sealer{}, Log: log, DocumentURL: shippingapi.DocumentPath, Now: time.Now,
	}
	s := authtest.NewSigner(t)
	r := gin.New()
	repairapi.Routes(r, auth.NewGuard(s.Verifier(), log), units, creator, log)
	return createEnv{router: r, token: s.Customer(t, "usr_casey"), signer: s, store: store}
}

func validPayload() map[string]any {
	return map[string]any{
		"serial": "RT10000001",
		"rmaInput": map[string]any{
			"rmaType": "REPAIR", "primaryFault": "Display", "problem": "Cracked or broken screen", "problemPrice": 0.01,
			"initialNotes": "Screen cracked after a drop.",
			"permissions": map[string]any{
				"reimage": true, "biosFirmware": false, "userId": "", "userPassword": "", "biosPassword": "",
				"hasDeviceData": nil, "acknowledgeClickWrapAgreement": false, "acknowledgeHddBackup": true,
			},
			"acc":               map[string]any{"acPower": true, "storage": false, "hardCase": false, "battery": false},
			"customerReference": "PO-7781", "assetTag": "FLEET-0042", "attachments": []string{"rma/photo.jpg"},
		},
		"address":   map[string]any{"line1": "2100 Riverside Dr", "line2": "Suite 300", "city": "Austin", "state": "TX", "country": "US", "postalCode": "78741"},
		"contact":   map[string]any{"firstName": "Casey", "lastName": "Morgan", "email": "casey@example.com", "phone": "+15125550142", "phoneCountryCode": "US", "company": "Morgan Field Services", "position": ""},
		"packaging": map[string]any{"havePackaging": true, "requestBox": false, "forgoShipping": false},
	}
}

// set changes one dotted path of the payload.
func set(p map[string]any, path string, v any) map[string]any {
	parts := strings.Split(path, ".")
	m := p
	for _, k := range parts[:len(parts)-1] {
		m = m[k].(map[string]any)
	}
	m[parts[len(parts)-1]] = v
	return p
}

func (e createEnv) post(t *testing.T, payload any, key string) *httptest.ResponseRecorder {
	t.Helper()
	body, err := json.Marshal(payload)
	require.NoError(t, err)
	req := httptest.NewRequest(http.MethodPost, "/rma-manager/rma/create", strings.NewReader(string(body)))
	req.Header.Set("Authorization", "Bearer "+e.token)
	if key != "" {
		req.Header.Set("Idempotency-Key", key)
	}
	w := httptest.NewRecorder()
	e.router.ServeHTTP(w, req)
	return w
}

func TestCreate_ReturnsTheRMAAndItsDocuments(t *testing.T) {
	e := newCreateEnv(t)
	w := e.post(t, validPayload(), "k-1")
	require.Equal(t, http.StatusOK, w.Code, w.Body.String())
	require.JSONEq(t, `{"rmaNumber":"RMA-100501","label":"/shipping/documents/label-1","commercialInvoice":null,"shippingError":null}`, w.Body.String())

	again := e.post(t, validPayload(), "k-1")
	require.JSONEq(t, w.Body.String(), again.Body.String(), "a retry with the same key gets the same RMA")

	w = e.post(t, validPayload(), "k-2")
	require.Equal(t, http.StatusConflict, w.Code)
	require.JSONEq(t, `{"error":"rma.notValidForNewRma","message":"Serial not valid for new RMA"}`, w.Body.String())
}

// The RMA is opened under the organization of the caller's token, whatever the body says.
func TestCreate_StoresTheCallersOrganization(t *testing.T) {
	e := newCreateEnv(t)
	e.token = e.signer.Token(t, authtest.Claims{Subject: "usr_casey", Roles: []string{authtest.ClientID + ":customer"},
		Extra: map[string]any{"org": map[string]any{"name": "FleetCo"}}})
	w := e.post(t, set(validPayload(), "org", "Elsewhere"), "")
	require.Equal(t, http.StatusOK, w.Code, w.Body.String())
	got, err := e.store.RMAByNumber(t.Context(), "usr_casey", "RMA-100501")
	require.NoError(t, err)
	require.Equal(t, "FleetCo", got.Org)
	require.Len(t, got.UID, rma.UIDLength)
}

// Who opened the RMA is the name of the caller's token, whatever the body says and whoever the
// contact is (a member shipping from a branch gives the branch's contact); a token without
// names gives its e-mail.
func TestCreate_StoresTheOpenersNameFromTheToken(t *testing.T) {
	e := newCreateEnv(t)
	e.token = e.signer.Token(t, authtest.Claims{Subject: "usr_casey", Email: "olivia@fleetco.example", Roles: []string{authtest.ClientID + ":customer"},
		Extra: map[string]any{"given_name": "Olivia", "family_name": "Chen", "org": map[string]any{"name": "FleetCo"}}})
	branch := set(set(validPayload(), "contact.firstName", "Marcus"), "contact.lastName", "Hill")
	w := e.post(t, set(branch, "openedByName", "Someone Else"), "")
	require.Equal(t, http.StatusOK, w.Code, w.Body.String())
	got, err := e.store.RMAByNumber(t.Context(), "usr_casey", "RMA-100501")
	require.NoError(t, err)
	require.Equal(t, "Olivia Chen", got.OpenedByName)
	require.Equal(t, "Marcus", got.Contact.FirstName, "the contact stays the branch's")

	e = newCreateEnv(t) // casey's token names nobody
	w = e.post(t, validPayload(), "")
	require.Equal(t, http.StatusOK, w.Code, w.Body.String())
	got, err = e.store.RMAByNumber(t.Context(), "usr_casey", "RMA-100501")
	require.NoError(t, err)
	require.Equal(t, "usr_casey@example.com", got.OpenedByName)
}

// One row per rule of spec §5 that the problem and contact steps touch, with its message.
func TestCreate_EnforcesEverySpecRule(t *testing.T) {
	long := func(n int) string { return strings.Repeat("x", n) }
	tests := []struct {
		name, path string
		value      any
		field, msg string
	}{
		{"primary fault required", "rmaInput.primaryFault", " ", "rmaInput.primaryFault", "Required"},
		{"problem required", "rmaInput.problem", "", "rmaInput.problem", "Required"},
		{"notes required", "rmaInput.initialNotes", "   ", "rmaInput.initialNotes", "Required"},
		{"notes max 1000", "rmaInput.initialNotes", long(1001), "rmaInput.initialNotes", "Must be less than 1001 characters"},
		{"reference id max 50", "rmaInput.customerReference", long(51), "rmaInput.customerReference", "Must be less than 51 characters"},
		{"asset tag max 20", "rmaInput.assetTag", long(21), "rmaInput.assetTag", "Must be less than 21 characters"},
		{"windows username max 50", "rmaInput.permissions.userId", long(51), "rmaInput.permissions.userId", "Must be less than 51 characters"},
		{"windows password max 50", "rmaInput.permissions.userPassword", long(51), "rmaInput.permissions.userPassword", "Must be less than 51 characters"},
		{"bios password max 50", "rmaInput.permissions.biosPassword", long(51), "rmaInput.permissions.biosPassword", "Must be less than 51 characters"},
		{"hard-drive backup acknowledgement required", "rmaInput.permissions.acknowledgeHddBackup", false, "rmaInput.permissions.acknowledgeHddBackup", "Required"},
		{"at least one file", "rmaInput.attachments", []string{}, "rmaInput.attachments", "Must Attach Files"},
		{"problem must be offered", "rmaInput.problem", "Made up", "rmaInput.problem", "Select a problem from the list"},
		{"first name required", "contact.firstName", "", "contact.firstName", "Required"},
		{"first name max 35", "contact.firstName", long(36), "contact.firstName", "Must be less than 36 characters"},
		{"last name required", "contact.lastName", " ", "contact.lastName", "Required"},
		{"last name max 35", "contact.lastName", long(36), "contact.lastName", "Must be less than 36 characters"},
		{"email required", "contact.email", "", "contact.email", "Required"},
		{"email valid", "contact.email", "casey@", "contact.email", "Must be a valid e-mail address"},
		{"phone required", "contact.phone", "", "contact.phone", "Required"},
		{"phone valid", "contact.phone", "+1 555 0", "contact.phone", "Invalid Format or Number"},
		{"phone max 25", "contact.phone", "+1 512 555 0142 0000000000000", "contact.phone", "Must be less than 26 characters"},
		{"company max 35", "contact.company", long(36), "contact.company", "Must be less than 36 characters"},
		{"position max 35", "contact.position", long(36), "contact.position", "Must be less than 36 characters"},
		{"address line 1 required", "address.line1", "", "address.line1", "Required"},
		{"address line 1 max 35", "address.line1", long(36), "address.line1", "Must be less than 36 characters"},
		{"address line 1 no PO box", "address.line1", "PO Box 1234", "address.line1", "Cannot be a PO box"},
		{"address line 2 max 35", "address.line2", long(36), "address.line2", "Must be less than 36 characters"},
		{"address line 2 no PO box", "address.line2", "P.O. Box 77", "address.line2", "Cannot be a PO box"},
		{"country required", "address.country", "", "address.country", "Required"},
		{"state required for US", "address.state", "", "address.state", "Required"},
		{"city required", "address.city", " ", "address.city", "Required"},
		{"city max 35", "address.city", long(36), "address.city", "Must be less than 36 characters"},
		{"military state needs a military city", "address.state", "AE", "address.city", geo.MsgMilitaryCity},
		{"postal code required", "address.postalCode", "", "address.postalCode", "Required"},
		{"postal code max 12", "address.postalCode", "1234567890123", "address.postalCode", "Must be less than 13 characters"},
		{"shipping cannot be forgone", "packaging.forgoShipping", true, "packaging.forgoShipping", "Shipping cannot be skipped"},
	}
	e := newCreateEnv(t)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w := e.post(t, set(validPayload(), tt.path, tt.value), "")
			require.Equal(t, http.StatusBadRequest, w.Code, w.Body.String())
			var body struct{ Fields map[string]string }
			require.NoError(t, json.Unmarshal(w.Body.Bytes(), &body))
			require.Equal(t, tt.msg, body.Fields[tt.field], "fields: %v", body.Fields)
		})
	}
}

func TestCreate_VeretosRules(t *testing.T) {
	e := newCreateEnv(t)
	veretos := func() map[string]any {
		p := set(validPayload(), "serial", "VT10000007")
		return set(p, "rmaInput.problem", "Dead pixels or lines")
	}
	tests := []struct {
		name  string
		edit  func(map[string]any)
		field string
		msg   string
	}{
		{"has-data answer required", func(map[string]any) {}, "rmaInput.permissions.hasDeviceData", "Required"},
		{"click-wrap required when the device has data", func(p map[string]any) { set(p, "rmaInput.permissions.hasDeviceData", true) }, "rmaInput.permissions.acknowledgeClickWrapAgreement", "Required"},
		{"no credentials for VERETOS", func(p map[string]any) {
			set(p, "rmaInput.permissions.hasDeviceData", false)
			set(p, "rmaInput.permissions.biosPassword", "secret")
		}, "rmaInput.permissions", "Credentials are not collected for VERETOS units"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := veretos()
			tt.edit(p)
			w := e.post(t, p, "")
			require.Equal(t, http.StatusBadRequest, w.Code, w.Body.String())
			require.Contains(t, w.Body.String(), `"`+tt.field+`":"`+tt.msg+`"`)
		})
	}
}

func TestCreate_BadBodiesAndKeysAreClearErrors(t *testing.T) {
	e := newCreateEnv(t)
	tests := []struct {
		name, body string
		wantCode   int
		wantError  string
	}{
		{"not json", "{", http.StatusBadRequest, "request.badBody"},
		{"wrong types", `{"serial": 5}`, http.StatusBadRequest, "request.badBody"},
		{"empty", "", http.StatusBadRequest, "request.badBody"},
		{"larger than a submission", `{"serial":"` + strings.Repeat("R", 64<<10) + `"}`, http.StatusRequestEntityTooLarge, "request.tooLarge"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			req := httptest.NewRequest(http.MethodPost, "/rma-manager/rma/create", strings.NewReader(tt.body))
			req.Header.Set("Authorization", "Bearer "+e.token)
			w := httptest.NewRecorder()
			e.router.ServeHTTP(w, req)
			require.Equal(t, tt.wantCode, w.Code, w.Body.String())
			require.Contains(t, w.Body.String(), `"error":"`+tt.wantError+`"`)
		})
	}
	w := e.post(t, validPayload(), strings.Repeat("k", 101))
	require.Equal(t, http.StatusBadRequest, w.Code, w.Body.String())
	require.Contains(t, w.Body.String(), `"Idempotency-Key":"Must be less than 101 characters"`)
	w = e.post(t, set(validPayload(), "serial", "RT10000005"), "")
	require.Equal(t, http.StatusConflict, w.Code)
	require.Contains(t, w.Body.String(), "Please contact the helpdesk to arrange the return of this unit.")
}

// demoRegistry is an embedded database with the rma schema, the demo units and their repair
// options (its store and transactions): what every router test of this package creates RMAs against.
func demoRegistry(t *testing.T) (db.Transactor, *rmadb.Store) {
	t.Helper()
	gdb := testkit.SQLite(t)
	require.NoError(t, rmadb.Migrate(t.Context(), gdb))
	store := rmadb.NewStore(gdb)
	require.NoError(t, store.UpsertUnits(t.Context(), rmadb.DemoUnits()))
	require.NoError(t, rmadb.SeedRepairOptions(t.Context(), store))
	return db.NewTransactor(gdb), store
}
