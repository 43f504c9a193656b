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

	"rugged.example/portal/api/pkg/auth"
	"rugged.example/portal/api/pkg/auth/authtest"
	"rugged.example/portal/api/pkg/cache"
	"rugged.example/portal/api/pkg/testkit"
	"rugged.example/portal/api/repair/repair"
	"rugged.example/portal/api/repair/repairapi"
	"rugged.example/portal/api/repair/repairtest"
	"rugged.example/portal/api/rma/rma"
	"rugged.example/portal/api/rma/rmadb"
	"rugged.example/portal/api/rma/rmatest"
	"rugged.example/portal/api/shipping/shippingapi"
)

type oowEnv struct {
	router   *gin.Engine
	payments *repairtest.Payments
	store    *rmadb.Store
	signer   *authtest.Signer
	casey    string
	olivia   string
}

func newOOWEnv(t *testing.T) oowEnv {
	t.Helper()
	gin.SetMode(gin.TestMode)
	log := testkit.Quiet()
	tx, store := demoRegistry(t)
	units := rma.NewService(store, cache.NewMemory(100), log, nil)
	creator := &rma.Creator{
		Store: store, Tx: tx, Addresses: rmatest.Addresses{},
		Uploads: rmatest.NewClaimer("usr_casey", "rma/photo.jpg"), Shipping: &rmatest.Issuer{}, Mail: &rmatest.Mailer{},
		Units: units, Secrets: rmatest.Sealer{}, Log: log, DocumentURL: shippingapi.DocumentPath, Now: time.Now,
	}
	e := oowEnv{router: gin.New(), payments: repairtest.NewPayments(), store: store}
	files := repairtest.NewFiles("usr_casey", "rma/photo.jpg")
	files.Add("usr_olivia", "po/olivia.pdf")
	files.Add("usr_olivia", "rma/olivia.jpg")
	svc := repair.NewService(repair.Deps{
		RMAs: creator, Payments: e.payments, Attachments: files, PurchaseOrders: files, QuoteKeys: store, Tx: tx, Log: log,
		Settings: repair.Settings{PublicURL: "http://portal.test", POReleaseDomains: []string{"fleetco.example"}},
	})
	s := authtest.NewSigner(t)
	e.signer = s
	guard := auth.NewGuard(s.Verifier(), log)
	repairapi.Routes(e.router, guard, units, creator, log)
	repairapi.OutOfWarrantyRoutes(e.router, guard, svc, repairtest.Terms{Discounts: map[string]float64{"usr_olivia": 10}}, log)
	e.casey = s.Customer(t, "usr_casey")
	e.olivia = s.Token(t, authtest.Claims{Subject: "usr_olivia", Email: "olivia@fleetco.example",
		Roles: []string{authtest.ClientID + ":customer", authtest.ClientID + ":" + string(auth.PermPaymentPO)},
		Extra: map[string]any{"org": map[string]any{"name": "FleetCo Utilities"}}})
	return e
}

func (e oowEnv) do(t *testing.T, method, path, token string, body any) *httptest.ResponseRecorder {
	t.Helper()
	var r *http.Request
	if body == nil {
		r = httptest.NewRequest(method, path, nil)
	} else {
		raw, err := json.Marshal(body)
		require.NoError(t, err)
		r = httptest.NewRequest(method, path, strings.NewReader(string(raw)))
	}
	if token != "" {
		r.Header.Set("Authorization", "Bearer "+token)
	}
	w := httptest.NewRecorder()
	e.router.ServeHTTP(w, r)
	return w
}

func oowPayload(payment map[string]any) map[string]any {
	p := set(validPayload(), "serial", "RT10000002")
	p["paymentData"] = payment
	return p
}

func TestPaymentOptions_AnswerTheCallersMethodsReleaseRuleAndDiscount(t *testing.T) {
	e := newOOWEnv(t)
	w := e.do(t, http.MethodGet, "/rma-manager/rma/payment-options", e.casey, nil)
	require.Equal(t, http.StatusOK, w.Code, w.Body.String())
	require.JSONEq(t, `{"methods":["PayPal"],"defaultMethod":"PayPal","poReleaseRequired":false,"discountPercent":0}`, w.Body.String())

	w = e.do(t, http.MethodGet, "/rma-manager/rma/payment-options", e.olivia, nil)
	require.JSONEq(t, `{"methods":["PayPal","PO"],"defaultMethod":"PO","poReleaseRequired":true,"discountPercent":10}`, w.Body.String())

	require.Equal(t, http.StatusUnauthorized, e.do(t, http.MethodGet, "/rma-manager/rma/payment-options", "", nil).Code)
}

func TestCreateOOW_SaveAnswersTheSavedQuote(t *testing.T) {
	e := newOOWEnv(t)
	w := e.do(t, http.MethodPost, "/rma-manager/rma/create/oow", e.casey, oowPayload(map[string]any{"save": true}))
	require.Equal(t, http.StatusOK, w.Code, w.Body.String())
	require.JSONEq(t, `{"rmaNumber":"","quoteId":"QT-TEST00000001","paymentUrl":"","quoteData":{
		"shipping":{
			"address":{"line1":"2100 Riverside Dr","line2":"Suite 300","city":"Austin","state":"TX","country":"US","postalCode":"78741"},
			"contact":{"firstName":"Casey","lastName":"Morgan","emailAddress":"casey@example.com","phoneNumber":"+15125550142","phoneCountryCode":"US","companyName":"Morgan Field Services"}},
		"externalResource":{"serial":"RT10000002","rmaInput":{
			"rmaType":"REPAIR","primaryFault":"Display","problem":"Cracked or broken screen","initialNotes":"Screen cracked after a drop.",
			"customerReference":"PO-7781","assetTag":"FLEET-0042","attachments":["rma/photo.jpg"],
			"attachmentNames":{"rma/photo.jpg":"photo.jpg"},
			"permissions":{"reimage":true,"biosFirmware":false,"userId":"","userPassword":"","biosPassword":"","hasDeviceData":null,"acknowledgeClickWrapAgreement":false,"acknowledgeHddBackup":true},
			"acc":{"acPower":true,"storage":false,"hardCase":false,"battery":false}},
			"packaging":{"havePackaging":true,"requestBox":false,"forgoShipping":false}},
		"total":{"cents":28900,"currency":"USD"}}}`, w.Body.String())
}

func TestCreateOOW_QuotesAreMadeUnderTheCallersOrganization(t *testing.T) {
	e := newOOWEnv(t)
	save := set(oowPayload(map[string]any{"save": true}), "rmaInput.attachments", []string{"rma/olivia.jpg"})
	w := e.do(t, http.MethodPost, "/rma-manager/rma/create/oow", e.olivia, save)
	require.Equal(t, http.StatusOK, w.Code, w.Body.String())
	var saved struct{ QuoteID string }
	require.NoError(t, json.Unmarshal(w.Body.Bytes(), &saved))
	q, err := e.payments.SavedQuote(t.Context(), "usr_olivia", saved.QuoteID)
	require.NoError(t, err)
	require.Equal(t, "FleetCo Utilities", q.Org, "from the token's org.name, never the body")

	w = e.do(t, http.MethodPost, "/rma-manager/rma/create/oow", e.casey, oowPayload(map[string]any{"paymentMethod": "PayPal"}))
	require.Equal(t, http.StatusOK, w.Code, w.Body.String())
	q, err = e.payments.QuoteOfRMA(t.Context(), "usr_casey", "RMA-100501")
	require.NoError(t, err)
	require.Empty(t, q.Org, "casey belongs to no organization")
}

// The out-of-warranty RMA is opened by the name of the caller's token, not by the contact or
// anything else the body says.
func TestCreateOOW_StoresTheOpenersNameFromTheToken(t *testing.T) {
	e := newOOWEnv(t)
	token := e.signer.Token(t, authtest.Claims{Subject: "usr_casey", Email: "casey@example.com", Roles: []string{authtest.ClientID + ":customer"},
		Extra: map[string]any{"given_name": "Casey", "family_name": "Morgan-Lee"}})
	body := set(set(oowPayload(map[string]any{"paymentMethod": "PayPal"}), "contact.firstName", "Marcus"), "contact.lastName", "Hill")
	w := e.do(t, http.MethodPost, "/rma-manager/rma/create/oow", token, set(body, "openedByName", "Someone Else"))
	require.Equal(t, http.StatusOK, w.Code, w.Body.String())
	got, err := e.store.RMAByNumber(t.Context(), "usr_casey", "RMA-100501")
	require.NoError(t, err)
	require.Equal(t, "Casey Morgan-Lee", got.OpenedByName)
}

func TestCreateOOW_CardPathThenProcessThenRepeat(t *testing.T) {
	e := newOOWEnv(t)
	w := e.do(t, http.MethodPost, "/rma-manager/rma/create/oow", e.casey, oowPayload(map[string]any{"paymentMethod": "PayPal"}))
	require.Equal(t, http.StatusOK, w.Code, w.Body.String())
	require.JSONEq(t, `{"rmaNumber":"RMA-100501","quoteId":"QT-TEST00000001","paymentUrl":"https://paypal.test/checkoutnow?token=ORDER-QT-TEST00000001"}`, w.Body.String())

	process := map[string]any{"rmaNumber": "RMA-100501", "serial": "RT10000002", "token": "ORDER-QT-TEST00000001"}
	w = e.do(t, http.MethodPost, "/rma-manager/rma/process/oow", e.casey, process)
	require.Equal(t, http.StatusConflict, w.Code)
	require.JSONEq(t, `{"error":"payments.notApproved","message":"The payment has not been approved yet."}`, w.Body.String())

	e.payments.Approve("usr_casey", "RMA-100501")
	w = e.do(t, http.MethodPost, "/rma-manager/rma/process/oow", e.casey, process)
	require.Equal(t, http.StatusOK, w.Code, w.Body.String())
	want := `{"rmaNumber":"RMA-100501","label":"/shipping/documents/label-1","commercialInvoice":null,"shippingError":null,
		"unit":{"serial":"RT10000002","model":"ST12","modelFamily":"Summit","pn":"ST12-G2-16","productType":"TABLET"},
		"summary":{"rmaType":"REPAIR",
			"problem":{"primaryFault":"Display","problem":"Cracked or broken screen","initialNotes":"Screen cracked after a drop.",
				"customerReference":"PO-7781","assetTag":"FLEET-0042","reimage":true,"biosFirmware":false,"hasDeviceData":null,
				"acc":{"acPower":true,"storage":false,"hardCase":false,"battery":false}},
			"contact":{"firstName":"Casey","lastName":"Morgan","email":"casey@example.com","phone":"+15125550142","phoneCountryCode":"US","company":"Morgan Field Services","position":""},
			"address":{"line1":"2100 Riverside Dr","line2":"Suite 300","city":"Austin","state":"TX","country":"US","postalCode":"78741"},
			"packaging":"label"},
		"receipt":{"amount":{"cents":28900,"currency":"USD"},"method":"PayPal","reference":"CAPTURE-ORDER-QT-TEST00000001"}}`
	require.JSONEq(t, want, withoutPaidAt(t, w.Body.String()), "the label page's unit, summary and receipt, as stored")
	again := e.do(t, http.MethodPost, "/rma-manager/rma/process/oow", e.casey, process).Body.String()
	require.JSONEq(t, want, withoutPaidAt(t, again), "repeats answer the same")

	w = e.do(t, http.MethodPost, "/rma-manager/rma/cancel", e.casey, map[string]any{"rmaNumber": "RMA-100501"})
	require.Equal(t, http.StatusConflict, w.Code)
	require.JSONEq(t, `{"error":"rma.notCancellable","message":"This RMA is paid and can no longer be cancelled here. Please contact support."}`, w.Body.String())
}

func TestCreateOOW_PurchaseOrder(t *testing.T) {
	e := newOOWEnv(t)
	po := map[string]any{"paymentMethod": "PO", "customerPO": "4711-1234", "customerPOFileId": "po/olivia.pdf"}
	w := e.do(t, http.MethodPost, "/rma-manager/rma/create/oow", e.casey, oowPayload(po))
	require.Equal(t, http.StatusForbidden, w.Code)
	require.JSONEq(t, `{"error":"payments.poNotAllowed","message":"Your account cannot pay by purchase order."}`, w.Body.String())

	bad := oowPayload(map[string]any{"paymentMethod": "PO", "customerPO": "4711-123", "customerPOFileId": ""})
	w = e.do(t, http.MethodPost, "/rma-manager/rma/create/oow", e.olivia, bad)
	require.Equal(t, http.StatusBadRequest, w.Code)
	var body struct{ Fields map[string]string }
	require.NoError(t, json.Unmarshal(w.Body.Bytes(), &body))
	require.Equal(t, "Must be 4 or 5 digits", body.Fields["paymentData.poRelease"])
	require.Equal(t, "Must Attach Files", body.Fields["paymentData.customerPOFileId"])

	w = e.do(t, http.MethodPost, "/rma-manager/rma/create/oow", e.olivia, oowPayload(map[string]any{"paymentMethod": "Cash"}))
	require.NoError(t, json.Unmarshal(w.Body.Bytes(), &body))
	require.Equal(t, "Required", body.Fields["paymentData.paymentMethod"])
}

func TestCancel_AnswersTheCancelledRMA(t *testing.T) {
	e := newOOWEnv(t)
	w := e.do(t, http.MethodPost, "/rma-manager/rma/create/oow", e.casey, oowPayload(map[string]any{"paymentMethod": "PayPal"}))
	require.Equal(t, http.StatusOK, w.Code, w.Body.String())

	w = e.do(t, http.MethodPost, "/rma-manager/rma/cancel", e.olivia, map[string]any{"rmaNumber": "RMA-100501"})
	require.Equal(t, http.StatusNotFound, w.Code, "someone else's RMA is unknown")
	require.JSONEq(t, `{"error":"rma.notFound","message":"RMA not found"}`, w.Body.String())

	w = e.do(t, http.MethodPost, "/rma-manager/rma/cancel", e.casey, map[string]any{"rmaNumber": "RMA-100501"})
	require.Equal(t, http.StatusOK, w.Code, w.Body.String())
	require.JSONEq(t, `{"rmaNumber":"RMA-100501","status":"CANCELLED"}`, w.Body.String())

	w = e.do(t, http.MethodPost, "/rma-manager/rma/process/oow", e.casey, map[string]any{"rmaNumber": "RMA-100501", "serial": "RT10000002"})
	require.Equal(t, http.StatusConflict, w.Code)
	require.JSONEq(t, `{"error":"rma.cancelled","message":"This RMA was cancelled."}`, w.Body.String())

	w = e.do(t, http.MethodPost, "/rma-manager/rma/process/oow", e.casey, map[string]any{"rmaNumber": "RMA-100501", "serial": "RT10000001"})
	require.Equal(t, http.StatusNotFound, w.Code, "another serial's RMA is unknown")
	w = e.do(t, http.MethodPost, "/rma-manager/rma/process/oow", e.casey, map[string]any{"rmaNumber": "RMA-100501", "serial": " rt10000002 "})
	require.Equal(t, http.StatusConflict, w.Code, "the serial is read as typed: trimmed, upper-cased")
	for _, serial := range []string{"", "RT 10000002"} {
		w = e.do(t, http.MethodPost, "/rma-manager/rma/process/oow", e.casey, map[string]any{"rmaNumber": "RMA-100501", "serial": serial})
		require.Equal(t, http.StatusNotFound, w.Code, "no serial (%q) names no RMA", serial)
		require.JSONEq(t, `{"error":"rma.notFound","message":"RMA not found"}`, w.Body.String())
	}

	r := httptest.NewRequest(http.MethodPost, "/rma-manager/rma/cancel", strings.NewReader("{"))
	r.Header.Set("Authorization", "Bearer "+e.casey)
	rec := httptest.NewRecorder()
	e.router.ServeHTTP(rec, r)
	require.Equal(t, http.StatusBadRequest, rec.Code)
}

// upgradePayload is casey's upgrade of the in-warranty RT10000001: the option, no notes, no
// photos, no credentials.
func upgradePayload(payment map[string]any) map[string]any {
	p := validPayload()
	in := p["rmaInput"].(map[string]any)
	in["rmaType"], in["primaryFault"], in["problem"], in["initialNotes"] = "UPGRADE", "Storage", "1 TB NVMe SSD with data transfer", ""
	in["attachments"] = []string{}
	in["permissions"] = map[string]any{"reimage": false, "biosFirmware": false, "userId": "", "userPassword": "", "biosPassword": "", "hasDeviceData": nil}
	p["paymentData"] = payment
	return p
}

func TestCreateOOW_UpgradeOfAUnitInWarrantyIsPaidThenLabelled(t *testing.T) {
	e := newOOWEnv(t)
	w := e.do(t, http.MethodPost, "/rma-manager/rma/create/oow", e.casey, upgradePayload(map[string]any{"paymentMethod": "PayPal"}))
	require.Equal(t, http.StatusOK, w.Code, w.Body.String())
	require.JSONEq(t, `{"rmaNumber":"RMA-100501","quoteId":"QT-TEST00000001","paymentUrl":"https://paypal.test/checkoutnow?token=ORDER-QT-TEST00000001"}`, w.Body.String())
	_, returnURL, _ := e.payments.Order("usr_casey", "RMA-100501")
	require.Equal(t, "http://portal.test/upgrade-device/RT10000001?rmaNumber=RMA-100501", returnURL)
	q, err := e.payments.QuoteOfRMA(t.Context(), "usr_casey", "RMA-100501")
	require.NoError(t, err)
	require.Equal(t, int64(329_00), q.Amount.Cents, "the server's price; the browser sends none")

	e.payments.Approve("usr_casey", "RMA-100501")
	process := map[string]any{"rmaNumber": "RMA-100501", "serial": "RT10000001", "token": "ORDER-QT-TEST00000001"}
	w = e.do(t, http.MethodPost, "/rma-manager/rma/process/oow", e.casey, process)
	require.Equal(t, http.StatusOK, w.Code, w.Body.String())
	var processed struct {
		RMANumber string `json:"rmaNumber"`
		Label     string `json:"label"`
		Unit      struct{ ModelFamily string }
		Summary   struct{ RMAType string }
		Receipt   struct{ Amount struct{ Cents int64 } }
	}
	require.NoError(t, json.Unmarshal(w.Body.Bytes(), &processed))
	require.Equal(t, "/shipping/documents/label-1", processed.Label)
	require.Equal(t, "Ranger", processed.Unit.ModelFamily)
	require.Equal(t, "UPGRADE", processed.Summary.RMAType)
	require.Equal(t, int64(329_00), processed.Receipt.Amount.Cents)
	got, err := e.store.RMAByNumber(t.Context(), "usr_casey", "RMA-100501")
	require.NoError(t, err)
	require.Equal(t, "UPGRADE", got.Type)
}

func TestCreateOOW_UpgradeRefusals(t *testing.T) {
	e := newOOWEnv(t)
	card := map[string]any{"paymentMethod": "PayPal"}
	tests := []struct {
		name    string
		payload map[string]any
		status  int
		body    string
	}{
		{"EX80", set(upgradePayload(card), "serial", "RT10000005"), http.StatusConflict,
			`{"error":"rma.upgradeNotOffered","message":"Upgrades are not offered for this unit."}`},
		{"end of service", set(upgradePayload(card), "serial", "RT10000004"), http.StatusConflict,
			`{"error":"rma.upgradeNotOffered","message":"Upgrades are not offered for this unit."}`},
		{"open RMA", set(upgradePayload(card), "serial", "RT10000006"), http.StatusConflict,
			`{"error":"rma.notValidForNewRma","message":"Serial not valid for new RMA"}`},
		{"unknown serial", set(upgradePayload(card), "serial", "ZZ99999999"), http.StatusNotFound,
			`{"error":"rma.unitNotFound","message":"Serial Not Found"}`},
		{"not one of the model's upgrades", set(upgradePayload(card), "rmaInput.problem", "Cracked or broken screen"), http.StatusBadRequest,
			`{"error":"validation","message":"Some fields are invalid.","fields":{"rmaInput.problem":"Select an upgrade from the list"}}`},
		{"body-worn camera memory", set(set(upgradePayload(card), "serial", "VT10000007"), "rmaInput.primaryFault", "Memory"), http.StatusBadRequest,
			`{"error":"validation","message":"Some fields are invalid.","fields":{"rmaInput.primaryFault":"Select an upgrade category from the list"}}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w := e.do(t, http.MethodPost, "/rma-manager/rma/create/oow", e.casey, tt.payload)
			require.Equal(t, tt.status, w.Code, w.Body.String())
			require.JSONEq(t, tt.body, w.Body.String())
		})
	}

	// The free path never opens an upgrade, in warranty or not.
	w := e.do(t, http.MethodPost, "/rma-manager/rma/create", e.casey, upgradePayload(nil))
	require.Equal(t, http.StatusConflict, w.Code, w.Body.String())
	require.JSONEq(t, `{"error":"rma.upgradeIsPaid","message":"An upgrade is paid for: pay for it or save a quote."}`, w.Body.String())
}

// withoutPaidAt is an answer with its receipt's paidAt checked for a time and removed, so the rest
// compares exactly.
func withoutPaidAt(t *testing.T, body string) string {
	t.Helper()
	var m map[string]any
	require.NoError(t, json.Unmarshal([]byte(body), &m))
	receipt, ok := m["receipt"].(map[string]any)
	require.True(t, ok, "a receipt: %s", body)
	_, err := time.Parse(time.RFC3339, receipt["paidAt"].(string))
	require.NoError(t, err)
	delete(receipt, "paidAt")
	out, err := json.Marshal(m)
	require.NoError(t, err)
	return string(out)
}
