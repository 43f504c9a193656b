package accountapi_test

import (
	"bytes"
	"crypto/sha256"
	"encoding/csv"
	"encoding/hex"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/gin-gonic/gin"
	"github.com/stretchr/testify/require"

	"rugged.example/portal/api/account/account"
	"rugged.example/portal/api/account/accountapi"
	"rugged.example/portal/api/account/accountdb"
	"rugged.example/portal/api/account/accounttest"
	"rugged.example/portal/api/identity/identitycore"
	"rugged.example/portal/api/pkg/auth/authtest"
	"rugged.example/portal/api/pkg/money"
	"rugged.example/portal/api/pkg/testkit"
	"rugged.example/portal/api/rma/rma"
	"rugged.example/portal/api/rma/rmajson"
)

type harness struct {
	*accounttest.Env
	r *gin.Engine
}

func newHarness(t *testing.T) *harness {
	t.Helper()
	gin.SetMode(gin.TestMode)
	e := accounttest.New(t)
	r := gin.New()
	accountapi.Routes(r, e.Guard, e.Service, e.Stream, accountapi.Options{Heartbeat: 50 * time.Millisecond}, testkit.Quiet())
	h := &harness{Env: e, r: r}
	h.seedRMAs()
	return h
}

// seedRMAs: casey has two RMAs of her own; olivia and diego of FleetCo have one each.
func (h *harness) seedRMAs() {
	at := accounttest.Now.AddDate(0, 0, -8)
	add := func(uid, number, owner, org, first, ref string, created time.Time) {
		h.RMAs.Add(accounttest.RMA{
			RMA: rma.RMA{
				UID: uid, Number: number, Owner: owner, Org: org, OpenedByName: first + " Tester", Serial: "RT10000001", Model: "RL14", PartNumber: "RL14-G2-16",
				Type: "REPAIR", Status: rma.StatusReceived, Method: rma.ShipLabel, LabelID: "lbl-" + number, InvoiceID: "inv-" + number,
				TrackingNumber: "794600000001", CreatedAt: created,
				Problem: rma.Problem{PrimaryFault: "Display", Problem: "Cracked or broken screen", InitialNotes: "Dropped", CustomerReference: ref, AssetTag: "AT-1"},
				Contact: rma.Contact{FirstName: first, LastName: "Tester", Email: owner + "@example.com", Phone: "5125550142", PhoneCountryCode: "US"},
				Address: rma.Address{Line1: "100 Congress Ave", City: "Austin", State: "TX", Country: "US", PostalCode: "78701"},
			},
			UpdatedAt: created.Add(24 * time.Hour),
			Timeline: []rma.Event{
				{RMANumber: number, At: created, Kind: "created", Status: rma.StatusAwaitingUnit, Actor: owner},
				{RMANumber: number, At: created.Add(time.Minute), Kind: "label_issued", Actor: rma.ActorSystem},
				{RMANumber: number, At: created.Add(24 * time.Hour), Kind: "status", Status: rma.StatusReceived, Actor: "usr_adam", Note: "Unit arrived"},
			},
			Work: []rma.RepairWork{{At: created.Add(48 * time.Hour), Actor: "usr_adam", Status: rma.StatusRepairing, PartsReplaced: "Display assembly", WorkPerformed: "Replaced the display", TechnicianNotes: "Passed burn-in"}},
		})
		h.Labels["lbl-"+number] = created.Add(30 * 24 * time.Hour)
	}
	add("UIDCASEY1", "RMA-100001", "usr_casey", "", "Casey", "=HYPERLINK(\"x\")", at)
	add("UIDCASEY2", "RMA-100002", "usr_casey", "", "Casey", "-42", at.AddDate(-1, 0, 0))
	add("UIDOLIVIA", "RMA-100003", "usr_olivia", "FleetCo Utilities", "Olivia", "PO-1", at.Add(time.Hour))
	add("UIDDIEGO1", "RMA-100004", "usr_diego", "FleetCo Utilities", "Diego", "PO-2", at.Add(2*time.Hour))
}

func (h *harness) do(t *testing.T, method, path, token string, body any) *httptest.ResponseRecorder {
	t.Helper()
	var buf bytes.Buffer
	if body != nil {
		require.NoError(t, json.NewEncoder(&buf).Encode(body))
	}
	req := httptest.NewRequest(method, path, &buf)
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	w := httptest.NewRecorder()
	h.r.ServeHTTP(w, req)
	return w
}

func decode[T any](t *testing.T, w *httptest.ResponseRecorder) T {
	t.Helper()
	var v T
	require.NoError(t, json.Unmarshal(w.Body.Bytes(), &v), w.Body.String())
	return v
}

type errorBody struct {
	Error   string            `json:"error"`
	Message string            `json:"message"`
	Fields  map[string]string `json:"fields"`
}

func TestEveryRouteNeedsASignedInCustomer(t *testing.T) {
	h := newHarness(t)
	noRole := h.Signer.Token(t, authtestClaims("usr_nora"))
	for _, p := range []string{
		accountapi.HistoryPath, accountapi.DetailsPath + "?uid=UIDCASEY1", accountapi.RepairSummaryPath + "?rmaNumber=RMA-100001",
		accountapi.UserPath, accountapi.BranchesPath, accountapi.RegistrationsPath, accountapi.DriversPath,
		accountapi.SummaryPath, accountapi.StreamPath + "?id=x",
	} {
		require.Equal(t, http.StatusUnauthorized, h.do(t, http.MethodGet, p, "", nil).Code, p)
		require.Equal(t, http.StatusForbidden, h.do(t, http.MethodGet, p, noRole, nil).Code, p)
	}
}

func TestHistory_OwnAndOrganizationsMarked(t *testing.T) {
	h := newHarness(t)
	casey := decode[accountapi.HistoryResponse](t, h.do(t, http.MethodGet, accountapi.HistoryPath, h.Customer(t, "usr_casey"), nil))
	require.Equal(t, 2, casey.Total)
	require.Equal(t, 1, casey.Page)
	require.Equal(t, 25, casey.ItemsPerPage)
	for _, it := range casey.Items {
		require.True(t, it.Mine)
	}

	olivia := decode[accountapi.HistoryResponse](t, h.do(t, http.MethodGet, accountapi.HistoryPath+"?page=1&itemsPerPage=10",
		h.Member(t, "usr_olivia", "FleetCo Utilities"), nil))
	require.Equal(t, 2, olivia.Total)
	mine := map[string]bool{}
	for _, it := range olivia.Items {
		mine[it.RMANumber] = it.Mine
	}
	require.Equal(t, map[string]bool{"RMA-100003": true, "RMA-100004": false}, mine, "diego's RMA is the organization's, not hers")
	require.Equal(t, "Diego Tester", olivia.Items[0].OpenedBy)

	filtered := decode[accountapi.HistoryResponse](t, h.do(t, http.MethodGet,
		accountapi.HistoryPath+"?filterText=rma-100002&year=2025&year=2024&month=3&sortBy=createdAt&sortDesc=true", h.Customer(t, "usr_casey"), nil))
	require.Equal(t, 1, filtered.Total)
	require.Equal(t, "RMA-100002", filtered.Items[0].RMANumber)
}

func TestHistory_QueryRules(t *testing.T) {
	h := newHarness(t)
	casey := h.Customer(t, "usr_casey")
	for query, fields := range map[string]map[string]string{
		"?itemsPerPage=101":                        {"itemsPerPage": "Must be between 1 and 100"},
		"?itemsPerPage=0&page=-1":                  {"page": "Must be between 1 and 10000"},
		"?page=10001":                              {"page": "Must be between 1 and 10000"},
		"?page=400000000000000001&itemsPerPage=25": {"page": "Must be between 1 and 10000"},
		"?page=two":                                {"page": "Must be a whole number"},
		"?filterText=" + strings.Repeat("x", 101):  {"filterText": "Must be less than 101 characters"},
		"?month=13&year=1999":                      {"month": "Must be a month from 1 to 12", "year": "Must be a year from 2000 to 2100"},
		"?sortBy=password&sortDesc=true":           {"sortBy": "Must be one of createdAt, updatedAt, rmaNumber, status, serial, model"},
	} {
		w := h.do(t, http.MethodGet, accountapi.HistoryPath+query, casey, nil)
		require.Equal(t, http.StatusBadRequest, w.Code, query)
		body := decode[errorBody](t, w)
		for f, msg := range fields {
			require.Equal(t, msg, body.Fields[f], query)
		}
	}
}

func TestHistory_CSVStreamsEveryMatchNeutralised(t *testing.T) {
	h := newHarness(t)
	w := h.do(t, http.MethodGet, accountapi.HistoryPath+"?isDownload=true&itemsPerPage=1", h.Customer(t, "usr_casey"), nil)
	require.Equal(t, http.StatusOK, w.Code)
	require.Equal(t, "text/csv; charset=utf-8", w.Header().Get("Content-Type"))
	require.Equal(t, `attachment; filename="rma-history.csv"`, w.Header().Get("Content-Disposition"))
	rows, err := csv.NewReader(w.Body).ReadAll()
	require.NoError(t, err)
	require.Equal(t, accountapi.CSVHeader, rows[0])
	require.Len(t, rows, 3, "every match, whatever the page size")
	require.Equal(t, `'=HYPERLINK("x")`, rows[1][6])
	require.Equal(t, "'-42", rows[2][6])
	for _, row := range rows[1:] {
		require.NotEqual(t, "RMA-100003", row[0], "nobody else's")
	}
}

func TestDetails_OwnerOrganizationAndStrangers(t *testing.T) {
	h := newHarness(t)
	w := h.do(t, http.MethodGet, accountapi.DetailsPath+"?uid=UIDCASEY1", h.Customer(t, "usr_casey"), nil)
	require.Equal(t, http.StatusOK, w.Code)
	d := decode[accountapi.DetailsJSON](t, w)
	require.True(t, d.Mine)
	require.Equal(t, "/shipping/documents/lbl-RMA-100001", *d.Label)
	require.Equal(t, "/shipping/documents/inv-RMA-100001", *d.CommercialInvoice)
	require.NotNil(t, d.LabelExpiresAt)
	actors := []string{}
	for _, e := range d.Timeline {
		actors = append(actors, e.Actor)
	}
	require.Equal(t, []string{"You", "Portal", "Service center"}, actors)

	old := decode[accountapi.DetailsJSON](t, h.do(t, http.MethodGet, accountapi.DetailsPath+"?uid=UIDCASEY2", h.Customer(t, "usr_casey"), nil))
	require.Nil(t, old.Label, "a label past its 30 days is not offered")
	require.Nil(t, old.CommercialInvoice)

	member := h.do(t, http.MethodGet, accountapi.DetailsPath+"?uid=UIDDIEGO1", h.Member(t, "usr_olivia", "FleetCo Utilities"), nil)
	require.Equal(t, http.StatusOK, member.Code)
	md := decode[accountapi.DetailsJSON](t, member)
	require.False(t, md.Mine)
	require.Equal(t, "Diego Tester", md.Timeline[0].Actor, "a member's action is named")
	require.Nil(t, md.Label, "documents are served to their owner only")

	unknown := h.do(t, http.MethodGet, accountapi.DetailsPath+"?uid=NOSUCHUID", h.Customer(t, "usr_casey"), nil)
	others := h.do(t, http.MethodGet, accountapi.DetailsPath+"?uid=UIDOLIVIA", h.Customer(t, "usr_casey"), nil)
	require.Equal(t, http.StatusNotFound, unknown.Code)
	require.Equal(t, unknown.Code, others.Code)
	require.Equal(t, unknown.Body.String(), others.Body.String(), "another's uid answers exactly like an unknown one")
	require.Equal(t, "rma.notFound", decode[errorBody](t, others).Error)
}

func TestRepairSummary_JSONAndPDF(t *testing.T) {
	h := newHarness(t)
	casey := h.Customer(t, "usr_casey")
	s := decode[accountapi.SummaryJSON](t, h.do(t, http.MethodGet, accountapi.RepairSummaryPath+"?rmaNumber=rma-100001", casey, nil))
	require.Equal(t, "RMA-100001", s.RMANumber)
	require.NotNil(t, s.ReceivedAt)
	require.Nil(t, s.ShippedAt)
	require.Len(t, s.Work, 1)
	require.Equal(t, "Display assembly", s.Work[0].PartsReplaced)

	pdf := h.do(t, http.MethodGet, accountapi.RepairSummaryPath+"?rmaNumber=RMA-100001&format=pdf", casey, nil)
	require.Equal(t, http.StatusOK, pdf.Code)
	require.Equal(t, "application/pdf", pdf.Header().Get("Content-Type"))
	require.Equal(t, `attachment; filename="repair-summary-RMA-100001.pdf"`, pdf.Header().Get("Content-Disposition"))
	require.True(t, bytes.HasPrefix(pdf.Body.Bytes(), []byte("%PDF-")))

	unknown := h.do(t, http.MethodGet, accountapi.RepairSummaryPath+"?rmaNumber=RMA-999999", casey, nil)
	others := h.do(t, http.MethodGet, accountapi.RepairSummaryPath+"?rmaNumber=RMA-100003&format=pdf", casey, nil)
	require.Equal(t, http.StatusNotFound, others.Code)
	require.Equal(t, unknown.Body.String(), others.Body.String())
}

func TestUser_ReadAndSaveWithTheCreateFormsRules(t *testing.T) {
	h := newHarness(t)
	h.Profiles.Add(identitycore.Profile{Subject: "usr_casey", Email: "casey@example.com", FirstName: "Casey", LastName: "Morgan", Roles: []string{"service-portal:customer"}})
	casey := h.Customer(t, "usr_casey")
	got := decode[identitycore.Profile](t, h.do(t, http.MethodGet, accountapi.UserPath, casey, nil))
	require.Equal(t, "Casey", got.FirstName)

	valid := accountapi.UserRequest{
		FirstName: " Casey ", LastName: "Morgan", Phone: "5125550142", PhoneCountryCode: "us", Company: "Morgan Field Services", Position: "Lead technician",
		Address: rmajson.Address{Line1: "100 Congress Ave", City: "Austin", State: "tx", Country: "US", PostalCode: "78701"},
	}
	w := h.do(t, http.MethodPost, accountapi.UserPath, casey, valid)
	require.Equal(t, http.StatusOK, w.Code, w.Body.String())
	saved := decode[identitycore.Profile](t, w)
	require.Equal(t, "Lead technician", saved.Position)
	require.Equal(t, "Casey", saved.FirstName, "trimmed")
	require.Equal(t, "TX", saved.Address.Shipping.State)
	require.Equal(t, "casey@example.com", saved.Email, "the provider's e-mail stays")

	bad := valid
	bad.FirstName, bad.Phone, bad.Company = "", "123", strings.Repeat("c", 36)
	bad.Address.Line1, bad.Address.PostalCode = "PO Box 12", ""
	w = h.do(t, http.MethodPost, accountapi.UserPath, casey, bad)
	require.Equal(t, http.StatusBadRequest, w.Code)
	require.Equal(t, map[string]string{
		"firstName": "Required", "phone": "Invalid Format or Number", "company": "Must be less than 36 characters",
		"address.line1": "Cannot be a PO box", "address.postalCode": "Required",
	}, decode[errorBody](t, w).Fields)

	gone := h.Customer(t, "usr_gone")
	require.Equal(t, http.StatusUnauthorized, h.do(t, http.MethodGet, accountapi.UserPath, gone, nil).Code, "a subject the provider forgot signs in again")
	require.Equal(t, http.StatusUnauthorized, h.do(t, http.MethodPost, accountapi.UserPath, gone, valid).Code)

	w = h.do(t, http.MethodPost, accountapi.UserPath, casey, "not an object")
	require.Equal(t, http.StatusBadRequest, w.Code)
	require.Equal(t, "request.badBody", decode[errorBody](t, w).Error)

	w = h.do(t, http.MethodPost, accountapi.UserPath, casey, map[string]string{"firstName": strings.Repeat("a", 64<<10)})
	require.Equal(t, http.StatusRequestEntityTooLarge, w.Code)
	require.Equal(t, "request.tooLarge", decode[errorBody](t, w).Error)
}

func TestBranches_MembersOnly(t *testing.T) {
	h := newHarness(t)
	require.NoError(t, accountdb.SeedBranches(t.Context(), h.Store))
	olivia := h.Member(t, "usr_olivia", accountdb.DemoOrg)
	list := decode[accountapi.BranchesResponse](t, h.do(t, http.MethodGet, accountapi.BranchesPath, olivia, nil))
	require.Equal(t, accountdb.DemoOrg, list.Organization)
	require.Len(t, list.Branches, 3)

	casey := h.Customer(t, "usr_casey")
	for _, req := range []struct{ method, path string }{
		{http.MethodGet, accountapi.BranchesPath}, {http.MethodPost, accountapi.BranchesPath},
		{http.MethodPut, accountapi.BranchesPath + "/br_fleetco_dayton"}, {http.MethodDelete, accountapi.BranchesPath + "/br_fleetco_dayton"},
	} {
		w := h.do(t, req.method, req.path, casey, map[string]string{})
		require.Equal(t, http.StatusForbidden, w.Code, req)
		require.Equal(t, "account.noOrganization", decode[errorBody](t, w).Error)
	}

	in := accountapi.BranchRequest{
		Name:    "Austin yard",
		Address: rmajson.Address{Line1: "1 Yard Rd", City: "Austin", State: "TX", Country: "US", PostalCode: "78744"},
		Contact: accountapi.BranchContactJSON{FirstName: "Olivia", LastName: "Chen", Email: "olivia@fleetco.example", Phone: "6145550187", PhoneCountryCode: "US"},
	}
	w := h.do(t, http.MethodPost, accountapi.BranchesPath, olivia, in)
	require.Equal(t, http.StatusCreated, w.Code, w.Body.String())
	created := decode[accountapi.BranchJSON](t, w)
	require.NotEmpty(t, created.ID)

	bad := in
	bad.Name, bad.Contact.Email, bad.Address.State = strings.Repeat("n", 36), "not-an-email", ""
	w = h.do(t, http.MethodPost, accountapi.BranchesPath, olivia, bad)
	require.Equal(t, http.StatusBadRequest, w.Code)
	require.Equal(t, map[string]string{"name": "Must be less than 36 characters", "contact.email": "Must be a valid e-mail address", "address.state": "Required"},
		decode[errorBody](t, w).Fields)

	in.Name = "Austin yard (south)"
	w = h.do(t, http.MethodPut, accountapi.BranchesPath+"/"+created.ID, olivia, in)
	require.Equal(t, http.StatusOK, w.Code)
	require.Equal(t, "Austin yard (south)", decode[accountapi.BranchJSON](t, w).Name)

	other := h.Member(t, "usr_zed", "Other Org")
	require.Equal(t, http.StatusNotFound, h.do(t, http.MethodPut, accountapi.BranchesPath+"/"+created.ID, other, in).Code, "another organization's branch is unknown")
	require.Equal(t, http.StatusNotFound, h.do(t, http.MethodDelete, accountapi.BranchesPath+"/"+created.ID, other, nil).Code)
	require.Equal(t, http.StatusNoContent, h.do(t, http.MethodDelete, accountapi.BranchesPath+"/"+created.ID, h.Member(t, "usr_diego", accountdb.DemoOrg), nil).Code,
		"any member manages the organization's branches")
	require.Equal(t, http.StatusNotFound, h.do(t, http.MethodDelete, accountapi.BranchesPath+"/"+created.ID, olivia, nil).Code)
}

func TestRegistrations(t *testing.T) {
	h := newHarness(t)
	end := time.Date(2028, 6, 30, 0, 0, 0, 0, time.UTC)
	h.Units.AddUnit(rma.Unit{Serial: "RT10000009", Model: "ST10", ModelFamily: "Summit", WarrantyEnd: &end})
	h.Units.AddUnit(rma.Unit{Serial: "RT10000004", Model: "EX70", ModelFamily: "Expedition", EndOfService: true})
	h.Proofs.Upload("usr_olivia", "po-receipt", "receipt.pdf")
	h.Proofs.Upload("usr_casey", "po-casey", "casey.pdf")
	olivia := h.Member(t, "usr_olivia", "FleetCo Utilities")

	w := h.do(t, http.MethodPost, accountapi.RegistrationsPath, olivia, accountapi.RegisterRequest{Serial: " rt10000009 ", PurchaseDate: "2026-01-31", ProofFileID: "po-receipt"})
	require.Equal(t, http.StatusCreated, w.Code, w.Body.String())
	reg := decode[accountapi.RegistrationJSON](t, w)
	require.Equal(t, accountapi.RegistrationJSON{
		Serial: "RT10000009", Model: "ST10", ModelFamily: "Summit", PurchaseDate: "2026-01-31", RegisteredAt: "2026-03-10T12:00:00Z", Mine: true,
		Warranty: accountapi.WarrantyJSON{IW: true, EndDeviceWarranty: ptr("2028-06-30")}, ProofOfPurchase: accountapi.ProofJSON{FileName: "receipt.pdf"},
	}, reg)
	require.Equal(t, "REG-RT10000009", h.Proofs.Claim("po-receipt"), "the proof is claimed with the registration")

	for name, tc := range map[string]struct {
		token  string
		body   accountapi.RegisterRequest
		status int
		err    string
		fields map[string]string
	}{
		"already registered": {h.Customer(t, "usr_casey"), accountapi.RegisterRequest{Serial: "RT10000009", PurchaseDate: "2026-01-31", ProofFileID: "po-casey"}, http.StatusConflict, "account.alreadyRegistered", nil},
		"unknown serial":     {olivia, accountapi.RegisterRequest{Serial: "ZZ99999999", PurchaseDate: "2026-01-31", ProofFileID: "po-receipt"}, http.StatusBadRequest, "validation", map[string]string{"serial": "Serial Not Found"}},
		"missing everything": {olivia, accountapi.RegisterRequest{}, http.StatusBadRequest, "validation", map[string]string{"serial": "Required", "purchaseDate": "Required", "proofFileId": "Must Attach Files"}},
		"future date":        {olivia, accountapi.RegisterRequest{Serial: "RT10000004", PurchaseDate: "2026-04-01", ProofFileID: "po-receipt"}, http.StatusBadRequest, "validation", map[string]string{"purchaseDate": "Purchase date cannot be in the future"}},
		"not a date":         {olivia, accountapi.RegisterRequest{Serial: "RT10000004", PurchaseDate: "31/01/2026", ProofFileID: "po-receipt"}, http.StatusBadRequest, "validation", map[string]string{"purchaseDate": "Must be a date (YYYY-MM-DD)"}},
		"someone's proof":    {olivia, accountapi.RegisterRequest{Serial: "RT10000004", PurchaseDate: "2026-01-31", ProofFileID: "po-casey"}, http.StatusBadRequest, "validation", map[string]string{"proofFileId": "The proof of purchase was not found. Please upload it again."}},
		"used proof":         {olivia, accountapi.RegisterRequest{Serial: "RT10000004", PurchaseDate: "2026-01-31", ProofFileID: "po-receipt"}, http.StatusBadRequest, "validation", map[string]string{"proofFileId": "This proof of purchase is already used. Please upload it again."}},
	} {
		w := h.do(t, http.MethodPost, accountapi.RegistrationsPath, tc.token, tc.body)
		require.Equal(t, tc.status, w.Code, name)
		body := decode[errorBody](t, w)
		require.Equal(t, tc.err, body.Error, name)
		if tc.fields != nil {
			require.Equal(t, tc.fields, body.Fields, name)
		}
	}

	mine := decode[accountapi.RegistrationsResponse](t, h.do(t, http.MethodGet, accountapi.RegistrationsPath, olivia, nil))
	require.Len(t, mine.Items, 1)
	diego := decode[accountapi.RegistrationsResponse](t, h.do(t, http.MethodGet, accountapi.RegistrationsPath, h.Member(t, "usr_diego", "FleetCo Utilities"), nil))
	require.Len(t, diego.Items, 1)
	require.False(t, diego.Items[0].Mine, "a member sees the organization's registration, not as theirs")
	casey := decode[accountapi.RegistrationsResponse](t, h.do(t, http.MethodGet, accountapi.RegistrationsPath, h.Customer(t, "usr_casey"), nil))
	require.Empty(t, casey.Items)
}

func TestDrivers_ForTheViewersModels(t *testing.T) {
	h := newHarness(t)
	require.NoError(t, accountdb.SeedDrivers(t.Context(), h.Store, h.Bucket))
	casey := h.Customer(t, "usr_casey")
	list := decode[accountapi.DriversResponse](t, h.do(t, http.MethodGet, accountapi.DriversPath, casey, nil))
	require.Len(t, list.Models, 1, "casey's RMAs are for an RL14")
	require.Zero(t, h.Stats.Dashboards.Load(), "the models come from a narrow read, not the dashboard's figures")
	require.Equal(t, "RL14", list.Models[0].Model)
	require.Equal(t, "Ranger", list.Models[0].ModelFamily)
	d := list.Models[0].Drivers[0]
	require.Equal(t, accountapi.DriverDownloadPath(d.ID), d.DownloadURL)

	w := h.do(t, http.MethodGet, d.DownloadURL, casey, nil)
	require.Equal(t, http.StatusOK, w.Code)
	require.Equal(t, "application/zip", w.Header().Get("Content-Type"))
	require.Equal(t, `attachment; filename="`+d.FileName+`"`, w.Header().Get("Content-Disposition"))
	require.EqualValues(t, d.Size, w.Body.Len())
	require.Equal(t, d.SHA256, sha256Hex(w.Body.Bytes()))

	nobody := decode[accountapi.DriversResponse](t, h.do(t, http.MethodGet, accountapi.DriversPath, h.Customer(t, "usr_new"), nil))
	require.Empty(t, nobody.Models)
	require.Equal(t, http.StatusNotFound, h.do(t, http.MethodGet, accountapi.DriverDownloadPath("../../secret"), casey, nil).Code)
	require.Equal(t, http.StatusNotFound, h.do(t, http.MethodGet, accountapi.DriverDownloadPath("nope"), casey, nil).Code)
}

func TestSummary(t *testing.T) {
	h := newHarness(t)
	h.Stats.ByViewer = map[string]rma.DashboardStats{"usr_casey": {
		ByStatus: map[rma.Status]int{rma.StatusReceived: 2, rma.StatusClosed: 3, rma.StatusAwaitingUnit: 1},
		ByMonth:  []rma.MonthCount{{Month: "2026-02", Repair: 2, Recycle: 1}},
		Units:    rma.UnitsByWarranty{InWarranty: 2, OutOfWarranty: 1},
		Open:     4,
	}}
	h.Spend.ByOwner = map[string][]account.MonthAmount{"usr_casey": {{Month: "2026-02", Amount: money.USD(28900)}, {Month: "2026-03", Amount: money.USD(100)}}}
	s := decode[accountapi.SummaryResponse](t, h.do(t, http.MethodGet, accountapi.SummaryPath, h.Customer(t, "usr_casey"), nil))
	require.Equal(t, 4, s.OpenRMAs, "every open RMA, also those opened before the period")
	require.Equal(t, money.USD(29000), s.Spend.Total)
	require.Len(t, s.Spend.ByMonth, 24)
	require.Equal(t, "2024-04", s.Spend.ByMonth[0].Month)
	require.Equal(t, money.USD(28900), s.Spend.ByMonth[22].Amount)
	require.Equal(t, []accountapi.StatusCountJSON{{Status: "AWAITING_UNIT", Count: 1}, {Status: "CLOSED", Count: 3}, {Status: "RECEIVED", Count: 2}}, s.RMAsByStatus)
	require.Equal(t, accountapi.UnitsJSON{InWarranty: 2, OutOfWarranty: 1}, s.UnitsByWarranty)
}

// A payment in another currency cannot be summed into the USD figures: it is left out, and the
// dashboard still answers.
func TestSummary_LeavesAnotherCurrencyOut(t *testing.T) {
	h := newHarness(t)
	h.Spend.ByOwner = map[string][]account.MonthAmount{"usr_casey": {
		{Month: "2026-01", Amount: money.Money{Cents: 5000, Currency: "EUR"}},
		{Month: "2026-02", Amount: money.USD(28900)},
	}}
	w := h.do(t, http.MethodGet, accountapi.SummaryPath, h.Customer(t, "usr_casey"), nil)
	require.Equal(t, http.StatusOK, w.Code, w.Body.String())
	s := decode[accountapi.SummaryResponse](t, w)
	require.Equal(t, money.USD(28900), s.Spend.Total)
	require.Equal(t, money.USD(0), s.Spend.ByMonth[21].Amount, "2026-01 shows no USD spend")
	for _, m := range s.Spend.ByMonth {
		require.Equal(t, "USD", m.Amount.Currency)
	}
}

func ptr(s string) *string { return &s }

func sha256Hex(b []byte) string {
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:])
}

// authtestClaims is a signed-in user who holds no role of this client.
func authtestClaims(subject string) authtest.Claims {
	return authtest.Claims{Subject: subject, Email: subject + "@example.com", Roles: []string{"field-app:viewer"}}
}

func TestDetails_PromisedShipDateIsADateOnceReceivedElseNull(t *testing.T) {
	h := newHarness(t)
	none := h.do(t, http.MethodGet, accountapi.DetailsPath+"?uid=UIDCASEY1", h.Customer(t, "usr_casey"), nil)
	require.Contains(t, none.Body.String(), `"promisedShipDate":null`)

	promised := time.Date(2026, 12, 11, 0, 0, 0, 0, time.UTC)
	h.RMAs.Add(accounttest.RMA{RMA: rma.RMA{
		UID: "UIDCASEY3", Number: "RMA-100003", Owner: "usr_casey", Serial: "RT10000001", Type: "REPAIR",
		Status: rma.StatusReceived, CreatedAt: accounttest.Now, PromisedShipDate: &promised,
	}})
	w := h.do(t, http.MethodGet, accountapi.DetailsPath+"?uid=UIDCASEY3", h.Customer(t, "usr_casey"), nil)
	require.Equal(t, http.StatusOK, w.Code)
	require.Equal(t, "2026-12-11", *decode[accountapi.DetailsJSON](t, w).PromisedShipDate)
}

// An RMA created in a fleet batch names its batch in the history and its details, with its box
// once the batch assigned it; one opened on its own answers null for both.
func TestHistoryAndDetails_NameTheBatchOfABatchRMA(t *testing.T) {
	h := newHarness(t)
	h.RMAs.Add(accounttest.RMA{RMA: rma.RMA{
		UID: "UIDBATCH1", Number: "RMA-100010", Owner: "usr_olivia", Org: "FleetCo Utilities", OpenedByName: "Olivia Reyes",
		Serial: "RT10001003", Model: "RL14", Type: "REPAIR", Status: rma.StatusAwaitingUnit, Method: rma.ShipBatch,
		TrackingNumber: "RF0000000002", BatchID: "BT-7K2M9Q4X", BatchBox: 2, CreatedAt: accounttest.Now,
	}})
	h.RMAs.Add(accounttest.RMA{RMA: rma.RMA{
		UID: "UIDBATCH2", Number: "RMA-100011", Owner: "usr_olivia", Org: "FleetCo Utilities", OpenedByName: "Olivia Reyes",
		Serial: "RT10001004", Model: "RL14", Type: "REPAIR", Status: rma.StatusAwaitingUnit, Method: rma.ShipBatch,
		BatchID: "BT-7K2M9Q4X", CreatedAt: accounttest.Now,
	}})
	diego := h.Member(t, "usr_diego", "FleetCo Utilities")

	list := h.do(t, http.MethodGet, accountapi.HistoryPath+"?itemsPerPage=100", diego, nil)
	require.Equal(t, http.StatusOK, list.Code)
	batches := map[string]*string{}
	for _, it := range decode[accountapi.HistoryResponse](t, list).Items {
		batches[it.RMANumber] = it.BatchID
	}
	require.Equal(t, "BT-7K2M9Q4X", *batches["RMA-100010"], "the organization sees the batch of a member's RMA")
	require.Nil(t, batches["RMA-100004"], "an RMA opened on its own has none")
	require.Contains(t, list.Body.String(), `"batchId":null`)

	boxed := h.do(t, http.MethodGet, accountapi.DetailsPath+"?uid=UIDBATCH1", diego, nil)
	require.Equal(t, http.StatusOK, boxed.Code)
	d := decode[accountapi.DetailsJSON](t, boxed)
	require.Equal(t, "BT-7K2M9Q4X", *d.BatchID)
	require.Equal(t, 2, *d.BatchBox)
	require.Equal(t, "batch", d.ShippingMethod)
	require.Equal(t, "RF0000000002", d.TrackingNumber, "the box's tracking number")
	require.Nil(t, d.Label, "no label of its own")

	unboxed := h.do(t, http.MethodGet, accountapi.DetailsPath+"?uid=UIDBATCH2", diego, nil)
	require.Contains(t, unboxed.Body.String(), `"batchBox":null`, "no box before the batch assigns them")
	single := h.do(t, http.MethodGet, accountapi.DetailsPath+"?uid=UIDCASEY1", h.Customer(t, "usr_casey"), nil)
	require.Contains(t, single.Body.String(), `"batchId":null,"batchBox":null`)
}
