package compose_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"regexp"
	"slices"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"rugged.example/portal/api/portal/compose"
	"rugged.example/portal/api/portal/graph"
	"rugged.example/portal/api/uploads/uploadstest"
)

// The authorization matrix: every route of the public engine and every GraphQL field, called as
// each persona, with the expected answer written once in a table. A route or field that is not in
// the table fails the test, and so does a row whose route is gone: a new route joins the table
// with its expectations before it can ship.
//
// The personas are relative to the resource a row names (<rma>, <quote>, <branch>, …):
//
//	anonymous  no token
//	owner      the resource's owner: casey, or olivia for rows marked orgResource (FleetCo's)
//	other      a customer who neither owns the resource nor shares its organization: diego for
//	           casey's resource, casey for olivia's
//	org        diego, olivia's colleague in FleetCo, acting on another resource of olivia's of
//	           the same kind (so what a colleague may change leaves the owner's column alone)
//	nora       signs in but holds no role of the portal's client
//	admin      adam, a customer with every service permission, acting on the owner's resource
//
// Ownership is answered as absence: someone else's RMA, quote, label or upload is a 404 exactly
// like an unknown id, so an id says nothing about whether it exists.

type persona int

const (
	anonymous persona = iota
	owner
	other
	org
	nora
	admin
)

var personaNames = [...]string{"anonymous", "owner", "other", "org", "nora", "admin"}

// callOrder puts the owner last: a state-changing call that succeeds for the owner (a cancel, a
// capture) must not change what the others see before them.
var callOrder = []persona{anonymous, nora, other, org, admin, owner}

// want is the expected status per persona, in the order anonymous, owner, other, org, nora, admin.
type want [6]int

// restRow is one route. methods lists the methods the row covers (an Any route's methods share
// a row when they answer alike); target and body may hold <placeholders> that the fixture fills
// per caller and resource (see matrixFixture.expand).
type restRow struct {
	methods, route string
	target, body   string
	orgResource    bool
	want           want
}

const (
	rmaBody = `{"serial":"<serial>","rmaInput":{"rmaType":"REPAIR","primaryFault":"Display","problem":"Cracked or broken screen",` +
		`"initialNotes":"Screen cracked after a drop.","permissions":{"acknowledgeHddBackup":true},"attachments":["<newAttachment>"]},` + addressContact +
		`,"packaging":{"havePackaging":true}}`
	addressContact = `"address":{"line1":"2100 Riverside Dr","city":"Austin","state":"TX","country":"US","postalCode":"78741"},` +
		`"contact":{"firstName":"Casey","lastName":"Morgan","email":"casey@example.com","phone":"5125550142","phoneCountryCode":"US"}`
	branchBody = `{"name":"Matrix depot","address":{"line1":"2100 Riverside Dr","city":"Austin","state":"TX","country":"US","postalCode":"78741"},` +
		`"contact":{"firstName":"Olivia","lastName":"Reyes","email":"olivia@fleetco.example","phone":"5125550142","phoneCountryCode":"US"}}`
	oowRMABody = `{"serial":"<oldSerial>","rmaInput":{"rmaType":"REPAIR","primaryFault":"Display","problem":"Cracked or broken screen",` +
		`"initialNotes":"Cracked.","permissions":{"acknowledgeHddBackup":true},"attachments":["<newAttachment>"]},` + addressContact +
		`,"packaging":{"havePackaging":true},"paymentData":{"paymentMethod":"PayPal"}}`
	partsLines     = `"lines":[{"partNumber":"<partNumber>","quantity":1}]`
	partsOrderBody = `{"kind":"parts",` + partsLines + `,` + addressContact + `,"paymentData":{"paymentMethod":"PayPal"}}`
	anyMethod      = "GET POST PUT PATCH HEAD OPTIONS DELETE CONNECT TRACE"
	batchRow       = `{"serial":"<serial>","fault":"Display","problem":"Cracked or broken screen","notes":"Cracked."}`
	batchBody      = `{"rows":[` + batchRow + `],` + addressContact + `,"packaging":{"kind":"OWN_BOXES","unitsPerBox":5},"acknowledgeHddBackup":true}`
	// savedBatchBody is an in-warranty and an out-of-warranty row whose quote is saved.
	// Its units are demo units (RT10000001 in warranty, RT10000002 out of it) that the fixture's
	// free pools need not give: no RMA is created for them while the quote is unpaid.
	savedBatchBody = `{"rows":[{"serial":"RT10000001","fault":"Display","problem":"Cracked or broken screen","notes":"Cracked."},` +
		`{"serial":"RT10000002","fault":"Display","problem":"Cracked or broken screen","notes":"Cracked."}],` +
		addressContact + `,"packaging":{"kind":"REQUEST_BOXES"},"acknowledgeHddBackup":true,"paymentData":{"paymentMethod":"SAVE"}}`
)

var restMatrix = []restRow{
	// GraphQL answers every caller with 200; each field decides who it answers (see gqlMatrix).
	{"POST", "/graphql", "/graphql", `{"query":"{queryCommonReport(reportId:\"QUERY_RMA_WARNING\"){message}}"}`, false, want{200, 200, 200, 200, 200, 200}},

	// Probes and the web shell: public.
	{"GET", "/healthz", "/healthz", "", false, want{200, 200, 200, 200, 200, 200}},
	{"GET", "/readyz", "/readyz", "", false, want{200, 200, 200, 200, 200, 200}},
	{"HEAD", "/", "/", "", false, want{200, 200, 200, 200, 200, 200}},
	{"GET HEAD", "/runtime-config.json", "/runtime-config.json", "", false, want{200, 200, 200, 200, 200, 200}},
	{"GET HEAD", "/remotes/repair/*file", "/remotes/repair/mf-manifest.json", "", false, want{200, 200, 200, 200, 200, 200}},

	// The embedded identity provider: its discovery document is public (it answers it whatever
	// the method), its token endpoint wants a known client before any grant, whoever calls
	// (RFC 6749 §5.2: no client_id is 401 invalid_client).
	{"GET PUT PATCH HEAD OPTIONS DELETE CONNECT TRACE", "/idp/*any", "/idp/.well-known/openid-configuration", "", false, want{200, 200, 200, 200, 200, 200}},
	{"POST", "/idp/*any", "/idp/oauth/token", "", false, want{401, 401, 401, 401, 401, 401}},

	// The payment providers' sandboxes stand in for PayPal and Authorize.net: public, as the
	// real providers are.
	{anyMethod, "/sandbox/paypal/*path", "/sandbox/paypal/nothing-here", "", false, want{404, 404, 404, 404, 404, 404}},
	{anyMethod, "/sandbox/authnet/*path", "/sandbox/authnet/nothing-here", "", false, want{404, 404, 404, 404, 404, 404}},

	// Public catalogue, places, price and contact form.
	{"GET", "/parts-manager/parts", "/parts-manager/parts?q=battery", "", false, want{200, 200, 200, 200, 200, 200}},
	{"GET", "/parts-manager/parts/:pn", "/parts-manager/parts/<partNumber>", "", false, want{200, 200, 200, 200, 200, 200}},
	{"POST", "/parts-manager/orders/price", "/parts-manager/orders/price", `{` + partsLines + `}`, false, want{200, 200, 200, 200, 200, 200}},
	{"GET", "/fn/LocationsAPI/countries", "/fn/LocationsAPI/countries", "", false, want{200, 200, 200, 200, 200, 200}},
	{"GET", "/fn/LocationsAPI/states", "/fn/LocationsAPI/states?geonameId=6252001", "", false, want{200, 200, 200, 200, 200, 200}},
	{"GET", "/fn/LocationsAPI/cities", "/fn/LocationsAPI/cities?geonameId=4736286", "", false, want{200, 200, 200, 200, 200, 200}},
	{"POST", "/contact-form", "/contact-form", `{"firstName":"Casey","lastName":"Morgan","email":"casey@example.com","phone":"5125550142","subject":"Matrix","primaryFault":"broken","desc":"Hello."}`, false, want{200, 200, 200, 200, 200, 200}},
	// Webhooks are authenticated by the provider's signature, not a token: unsigned is refused
	// whoever sends it.
	{"POST", "/payments/webhooks/paypal", "/payments/webhooks/paypal", `{}`, false, want{401, 401, 401, 401, 401, 401}},
	{"POST", "/payments/webhooks/authnet", "/payments/webhooks/authnet", `{}`, false, want{401, 401, 401, 401, 401, 401}},

	// The signed-in user.
	{"GET", "/me", "/me", "", false, want{401, 200, 200, 200, 200, 200}},

	// Serials and RMAs.
	{"GET", "/rma-manager/rma/verify-serial", "/rma-manager/rma/verify-serial?serial=RT10000001", "", false, want{401, 200, 200, 200, 403, 200}},
	{"GET", "/rma-manager/rma/payment-options", "/rma-manager/rma/payment-options", "", false, want{401, 200, 200, 200, 403, 200}},
	{"POST", "/rma-manager/rma/create", "/rma-manager/rma/create", rmaBody, false, want{401, 200, 200, 200, 403, 200}},
	{"POST", "/rma-manager/rma/create/oow", "/rma-manager/rma/create/oow", oowRMABody, false, want{401, 200, 200, 200, 403, 200}},
	{"POST", "/rma-manager/rma/process/oow", "/rma-manager/rma/process/oow", `{"rmaNumber":"<rma>","serial":"<rmaSerial>"}`, false, want{401, 200, 404, 404, 403, 404}},
	{"POST", "/rma-manager/rma/cancel", "/rma-manager/rma/cancel", `{"rmaNumber":"<cancelRMA>"}`, false, want{401, 200, 404, 404, 403, 404}},
	// The way back to an RMA awaiting its payment is its owner's alone: anyone else's is absent.
	{"GET", "/rma-manager/rma/awaiting-payment", "/rma-manager/rma/awaiting-payment?serial=<payRMASerial>", "", false, want{401, 200, 404, 404, 403, 404}},
	// The owner's row answers 409: the row's RMA has no revised quote awaiting a decision.
	{"POST", "/rma-manager/rma/:number/decision", "/rma-manager/rma/<rma>/decision", `{"choice":"RECYCLE"}`, false, want{401, 409, 404, 404, 403, 404}},
	{"POST", "/rma-manager/rma/pay", "/rma-manager/rma/pay", `{"rmaNumber":"<payRMA>"}`, false, want{401, 200, 404, 404, 403, 404}},
	{"POST", "/rma-manager/rma/recycle", "/rma-manager/rma/recycle", `{"serial":"<oldSerial>","rmaInput":{"acc":{"acPower":true},"attachments":[]},` + addressContact + `}`, false, want{401, 200, 200, 200, 403, 200}},
	{"GET", "/rma-manager/rma/history", "/rma-manager/rma/history", "", false, want{401, 200, 200, 200, 403, 200}},
	// A fleet batch (issue 30): every customer gets the template and judges their own rows.
	{"GET", "/rma-manager/batches/template.csv", "/rma-manager/batches/template.csv", "", false, want{401, 200, 200, 200, 403, 200}},
	// Admitted customers answer 400: the matrix's upload is a PNG, which is no CSV or XLSX.
	{"POST", "/rma-manager/batches/parse", "/rma-manager/batches/parse", "multipart:file:fleet.csv", false, want{401, 400, 400, 400, 403, 400}},
	{"POST", "/rma-manager/batches/preflight", "/rma-manager/batches/preflight", `{"rows":[{"serial":"<serial>"}]}`, false, want{401, 200, 200, 200, 403, 200}},
	// Any customer submits a batch of their own (202) and lists their own and their
	// organization's; a batch is read by its owner and their organization (anyone else: 404
	// batch.notFound) and changed by its owner only (a colleague: 403 batch.notOwner).
	{"POST", "/rma-manager/batches", "/rma-manager/batches", batchBody, false, want{401, 202, 202, 202, 403, 202}},
	{"GET", "/rma-manager/batches", "/rma-manager/batches?first=5", "", false, want{401, 200, 200, 200, 403, 200}},
	{"GET", "/rma-manager/batches/:id", "/rma-manager/batches/<batch>", "", true, want{401, 200, 404, 200, 403, 404}},
	{"GET", "/rma-manager/batches/:id/events", "/rma-manager/batches/<batch>/events", "", true, want{401, 200, 404, 200, 403, 404}},
	{"GET", "/rma-manager/batches/:id/result.csv", "/rma-manager/batches/<batch>/result.csv", "", true, want{401, 200, 404, 200, 403, 404}},
	// The owner's and the colleague's 404 is batch.documentsNotReady: the row's batch awaits its payment.
	{"GET", "/rma-manager/batches/:id/documents.pdf", "/rma-manager/batches/<batch>/documents.pdf", "", true, want{401, 404, 404, 404, 403, 404}},
	{"POST", "/rma-manager/batches/:id/pay", "/rma-manager/batches/<batch>/pay", `{"paymentMethod":"PayPal"}`, true, want{401, 200, 404, 403, 403, 404}},
	// The owner's 409: the PayPal order the pay row started is not approved.
	{"POST", "/rma-manager/batches/:id/pay/confirm", "/rma-manager/batches/<batch>/pay/confirm", `{"token":""}`, true, want{401, 409, 404, 403, 403, 404}},
	{"DELETE", "/rma-manager/batches/:id/rows/:index", "/rma-manager/batches/<removeBatch>/rows/1", "", true, want{401, 200, 404, 403, 403, 404}},
	// A colleague reads the organization's RMAs (without their labels: those are the owner's).
	{"GET", "/rma-manager/rma/details", "/rma-manager/rma/details?uid=<rmaUID>", "", false, want{401, 200, 404, 200, 403, 404}},
	// The owner's row answers 404 too: the row's RMA has no diagnosis, so no photo of it.
	{"GET", "/rma-manager/rma/details/:number/photos/*id", "/rma-manager/rma/details/<rma>/photos/rma/2026/01/00000000-0000-0000-0000-000000000000.png", "", false, want{401, 404, 404, 404, 403, 404}},
	{"GET", "/rma-manager/rma/repair-summary", "/rma-manager/rma/repair-summary?rmaNumber=<rma>", "", false, want{401, 200, 404, 200, 403, 404}},
	{"POST", "/rma-manager/admin/rmas/:number/advance", "/rma-manager/admin/rmas/<advanceRMA>/advance", `{"status":"received","note":"Matrix."}`, false, want{401, 403, 403, 403, 403, 200}},

	// Uploads: attachments and purchase orders are their uploader's.
	{"POST", "/bucket-uploader/upload-rma-attachment", "/bucket-uploader/upload-rma-attachment", "multipart:files[0]:crack.png", false, want{401, 200, 200, 200, 403, 200}},
	{"DELETE", "/bucket-uploader/upload-rma-attachment", "/bucket-uploader/upload-rma-attachment?bucketFileName=<deletableAttachment>", "", false, want{401, 204, 404, 404, 403, 404}},
	{"DELETE", "/bucket-uploader/upload-rma-attachment/*bucketFileName", "/bucket-uploader/upload-rma-attachment/<deletableAttachment2>", "", false, want{401, 204, 404, 404, 403, 404}},
	{"GET", "/bucket-uploader/attachments", "/bucket-uploader/attachments?bucketFileName=<attachment>", "", false, want{401, 200, 404, 404, 403, 404}},
	{"POST", "/bucket-uploader/upload-to-common-gridfs", "/bucket-uploader/upload-to-common-gridfs", "multipart:file:po.pdf", false, want{401, 200, 200, 200, 403, 200}},
	{"GET", "/bucket-uploader/download-from-common-gridfs", "/bucket-uploader/download-from-common-gridfs?trackId=<po>", "", false, want{401, 200, 404, 404, 403, 404}},

	// Shipping.
	{"GET", "/shipping/offices", "/shipping/offices?line1=2100+Riverside+Dr&city=Austin&state=TX&postalCode=78741&country=US", "", false, want{401, 200, 200, 200, 403, 200}},
	{"GET", "/shipping/documents/:id", "/shipping/documents/<label>", "", false, want{401, 200, 404, 404, 403, 404}},

	// Quotes and payments: a quote is its owner's to read and pay, though the GraphQL list shows
	// a colleague the organization's quotes.
	{"GET", "/payments/quote/details", "/payments/quote/details?uid=<quote>", "", false, want{401, 200, 404, 404, 403, 404}},
	{"POST", "/payments/quote/paypal/order", "/payments/quote/paypal/order", `{"uid":"<quote>","reference":"<quoteRef>"}`, false, want{401, 200, 404, 404, 403, 404}},
	{"POST", "/payments/quote/paypal/capture", "/payments/quote/paypal/capture", `{"uid":"<quote>","reference":"<quoteRef>","token":"<quoteToken>"}`, false, want{401, 409, 404, 404, 403, 404}},
	{"POST", "/payments/quote/authnet/form", "/payments/quote/authnet/form", `{"uid":"<quote>","reference":"<quoteRef>"}`, false, want{401, 200, 404, 404, 403, 404}},
	{"POST", "/payments/quote/authnet/confirm", "/payments/quote/authnet/confirm", `{"uid":"<quote>"}`, false, want{401, 409, 404, 404, 403, 404}},
	{"POST", "/payments/admin/service-quotes", "/payments/admin/service-quotes", `{"rmaNumber":"<rma>","amountCents":5000}`, false, want{401, 403, 403, 403, 403, 201}},

	// Account settings: the user's own; branches are the organization's, any member manages them,
	// and a customer outside any organization (casey, adam) has none to list or change: 403.
	{"GET", "/account-mgr/user", "/account-mgr/user", "", false, want{401, 200, 200, 200, 403, 200}},
	{"POST", "/account-mgr/user", "/account-mgr/user", `{"firstName":"Casey","lastName":"Morgan","phone":"5125550142","phoneCountryCode":"US","address":{"line1":"2100 Riverside Dr","city":"Austin","state":"TX","country":"US","postalCode":"78741"}}`, false, want{401, 200, 200, 200, 403, 200}},
	{"GET", "/account-mgr/branches", "/account-mgr/branches", "", true, want{401, 200, 403, 200, 403, 403}},
	{"POST", "/account-mgr/branches", "/account-mgr/branches", branchBody, true, want{401, 201, 403, 201, 403, 403}},
	{"PUT", "/account-mgr/branches/:id", "/account-mgr/branches/<branch>", branchBody, true, want{401, 200, 403, 200, 403, 403}},
	{"DELETE", "/account-mgr/branches/:id", "/account-mgr/branches/<deletableBranch>", "", true, want{401, 204, 403, 204, 403, 403}},
	{"GET", "/account-mgr/registrations", "/account-mgr/registrations", "", false, want{401, 200, 200, 200, 403, 200}},
	{"POST", "/account-mgr/registrations", "/account-mgr/registrations", `{"serial":"<serial>","purchaseDate":"2025-01-02","proofFileId":"<newPO>"}`, false, want{401, 201, 201, 201, 403, 201}},
	{"GET", "/account-mgr/drivers", "/account-mgr/drivers", "", false, want{401, 200, 200, 200, 403, 200}},
	// A model's drivers are the same for every owner: any signed-in customer downloads them.
	{"GET", "/account-mgr/drivers/:id/download", "/account-mgr/drivers/<driver>/download", "", false, want{401, 200, 200, 200, 403, 200}},
	{"GET", "/gss-dashboard/summary", "/gss-dashboard/summary", "", false, want{401, 200, 200, 200, 403, 200}},
	{"GET", "/gss-dashboard/stream-app", "/gss-dashboard/stream-app?id=matrix", "", false, want{401, 200, 200, 200, 403, 200}},

	// Inventory and parts orders: the viewer's and their organization's.
	{"GET", "/parts-manager/inventory", "/parts-manager/inventory", "", false, want{401, 200, 200, 200, 403, 200}},
	{"GET", "/parts-manager/inventory/:serial", "/parts-manager/inventory/<rmaSerial>", "", false, want{401, 200, 404, 200, 403, 404}},
	{"POST", "/parts-manager/orders", "/parts-manager/orders", partsOrderBody, true, want{401, 201, 403, 403, 403, 201}},
	{"POST", "/parts-manager/orders/process", "/parts-manager/orders/process", `{"rmaBatchId":"<order>","token":"<orderToken>"}`, true, want{401, 409, 404, 404, 403, 404}},
	{"POST", "/parts-manager/orders/cancel", "/parts-manager/orders/cancel", `{"rmaBatchId":"<order>"}`, true, want{401, 200, 404, 404, 403, 404}},
	// The caller's own unpaid orders (an empty list for anyone else), and paying one again.
	{"GET", "/parts-manager/orders/awaiting-payment", "/parts-manager/orders/awaiting-payment?kind=parts", "", true, want{401, 200, 200, 200, 403, 200}},
	{"POST", "/parts-manager/orders/pay", "/parts-manager/orders/pay", `{"rmaBatchId":"<payOrder>"}`, true, want{401, 200, 404, 404, 403, 404}},
	{"GET", "/parts-manager/orders/:rmaBatchId", "/parts-manager/orders/<order>", "", true, want{401, 200, 404, 200, 403, 404}},
	{"GET", "/parts-manager/video/serials", "/parts-manager/video/serials?model=RL14", "", false, want{401, 403, 403, 403, 403, 200}},

	// Common reports are staff's to read and write (the banner reads them through GraphQL).
	{"GET", "/admin/reports/:reportId", "/admin/reports/QUERY_RMA_WARNING", "", false, want{401, 403, 403, 403, 403, 200}},
	{"PUT", "/admin/reports/:reportId", "/admin/reports/QUERY_RMA_WARNING", `[]`, false, want{401, 403, 403, 403, 403, 200}},
}

// notRoutes are paths the engine answers without a route of their own: the host's pages (the
// web shell's fallback) and /metrics, which only the admin listener serves.
var notRoutes = []restRow{
	{"GET", "", "/", "", false, want{200, 200, 200, 200, 200, 200}},
	{"GET", "", "/create-rma/RT10000001", "", false, want{200, 200, 200, 200, 200, 200}},
	{"GET", "", "/metrics", "", false, want{404, 404, 404, 404, 404, 404}},
}

// gqlRow is one GraphQL field with a minimal query (placeholders as in restMatrix). want holds,
// per persona, what the field answers: "data" (a non-empty answer), "empty" (an empty list or a
// count of 0: nothing of the resource's is visible) or the error's code.
type gqlRow struct {
	field, query string
	orgResource  bool
	want         [6]string
}

const (
	unauthenticated = "UNAUTHENTICATED"
	forbidden       = "FORBIDDEN"
)

var gqlMatrix = []gqlRow{
	{"repairFormSelections", `{repairFormSelections(pn:"x",model:"x",rmaType:"REPAIR",serial:"<rmaSerial>"){name}}`, false,
		[6]string{unauthenticated, "data", "data", "data", forbidden, "data"}},
	// The lists answer the viewer's and their organization's rows: searched for the resource,
	// they find it for its owner and the owner's colleagues only.
	{"RMAsConnection", `{RMAsConnection(search:{text:"<rma>"}){totalCount}}`, false,
		[6]string{unauthenticated, "data", "empty", "data", forbidden, "empty"}},
	{"savedQuoteConnection", `{savedQuoteConnection(search:{text:"<rma>"}){totalCount}}`, false,
		[6]string{unauthenticated, "data", "empty", "data", forbidden, "empty"}},
	{"partsOrderBatchConnection", `{partsOrderBatchConnection(search:"<order>"){totalCount}}`, true,
		[6]string{unauthenticated, "data", "empty", "data", forbidden, "empty"}},
	{"queryCommonReport", `{queryCommonReport(reportId:"QUERY_RMA_WARNING"){message}}`, false,
		[6]string{"data", "data", "data", "data", "data", "data"}},
	// Tickets are their author's, not the organization's.
	{"myServiceSupportTickets", `{myServiceSupportTickets{uid}}`, false,
		[6]string{unauthenticated, "data", "empty", "empty", forbidden, "empty"}},
	{"createServiceSupportTicket", ticketMutation, false,
		[6]string{unauthenticated, "data", "data", "data", forbidden, "data"}},
}

const ticketMutation = `mutation{createServiceSupportTicket(ticketInput:{name:"Casey Morgan",emailAddress:"casey@example.com",` +
	`phone:"(512)555-0100",subject:"Matrix",description:"Hello.",caseType:"Question"}){success error}}`

func TestAuthzMatrix_EveryRouteIsInTheTable(t *testing.T) {
	app := build(t, embeddedConfig(t))
	tabled := map[string]bool{}
	for _, r := range restRows() {
		for _, m := range strings.Fields(r.methods) {
			tabled[m+" "+r.route] = true
		}
	}
	served := map[string]bool{}
	for _, r := range app.Engine.Routes() {
		served[r.Method+" "+r.Path] = true
	}
	require.Empty(t, missing(served, tabled), "routes without a row in restMatrix: add one with the expected answer per persona")
	require.Empty(t, missing(tabled, served), "restMatrix rows whose route is gone")
}

func TestAuthzMatrix_EveryGraphQLFieldIsInTheTable(t *testing.T) {
	schema := graph.NewExecutableSchema(graph.Config{}).Schema()
	fields := map[string]bool{}
	for _, typ := range []string{"Query", "Mutation"} {
		for _, f := range schema.Types[typ].Fields {
			if !strings.HasPrefix(f.Name, "__") {
				fields[f.Name] = true
			}
		}
	}
	tabled := map[string]bool{}
	for _, r := range gqlMatrix {
		tabled[r.field] = true
	}
	require.Empty(t, missing(fields, tabled), "GraphQL fields without a row in gqlMatrix")
	require.Empty(t, missing(tabled, fields), "gqlMatrix rows whose field is gone")
}

func missing(want, have map[string]bool) []string {
	var out []string
	for k := range want {
		if !have[k] {
			out = append(out, k)
		}
	}
	sort.Strings(out)
	return out
}

func TestAuthzMatrix_REST(t *testing.T) {
	f := newMatrixFixture(t)
	for _, r := range append(restRows(), notRoutes...) {
		for _, m := range strings.Fields(r.methods) {
			for _, p := range callOrder {
				if p == owner {
					f.staffCalls(t, m, r)
				}
				caller, res := f.roles(p, r.orgResource)
				code, body := f.call(m, r, caller, res)
				if code != r.want[p] {
					t.Errorf("%s %s as %s (%s): want %d, got %d: %.300s", m, r.target, personaNames[p], caller, r.want[p], code, body)
				}
			}
		}
	}
}

func TestAuthzMatrix_GraphQL(t *testing.T) {
	f := newMatrixFixture(t)
	for _, r := range gqlMatrix {
		for _, p := range callOrder {
			caller, resource := f.roles(p, r.orgResource)
			got := f.graphql(f.expand(r.query, caller, resource), caller)
			if got != r.want[p] {
				t.Errorf("%s as %s (%s): want %s, got %s", r.field, personaNames[p], caller, r.want[p], got)
			}
		}
		// Staff are no customers: every field answers them as it answers nora.
		for _, caller := range staffUsers {
			_, resource := f.roles(nora, r.orgResource)
			if got := f.graphql(f.expand(r.query, caller, resource), caller); got != r.want[nora] {
				t.Errorf("%s as staff (%s): want %s (nora's), got %s", r.field, caller, r.want[nora], got)
			}
		}
	}
}

// matrixFixture is one portal with one resource of each kind the rows name for casey, for olivia,
// and a second set of olivia's for the org column, so what diego may do to FleetCo's resources
// does not change what olivia then finds.
type matrixFixture struct {
	t      *testing.T
	app    *compose.App
	tokens map[string]string
	// owned holds per resource set ("casey", "olivia", "fleetco") the values of the placeholders.
	owned map[string]map[string]string
	// inWarranty and outOfWarranty are units nobody holds that can take a new RMA, handed out
	// one per create.
	inWarranty, outOfWarranty []string
	calls                     int
}

func newMatrixFixture(t *testing.T) *matrixFixture {
	// Live on a loopback port: the PayPal client reaches its sandbox through PORTAL_PUBLIC_URL.
	live := newLivePortal(t)
	f := &matrixFixture{t: t, app: live.app, tokens: map[string]string{"": ""}, owned: map[string]map[string]string{}}
	for _, u := range users[1:] {
		f.tokens[u] = devToken(t, live.cfg, demoEmail(u))
	}
	f.freeSerials(40, 24)
	f.owned["casey"] = f.resourcesOf("casey")
	f.owned["olivia"] = f.resourcesOf("olivia")
	f.owned["fleetco"] = f.resourcesOf("olivia")
	return f
}

// streamPath is the dashboard's event stream, which only ends when its client goes (as a
// batch's events do while its rows are PENDING).
const streamPath = "/gss-dashboard/stream-app"

// users are the callers: "" is anonymous.
var users = []string{"", "casey", "olivia", "diego", "nora", "adam", "tariq", "lena"}

func demoEmail(user string) string {
	if user == "olivia" || user == "diego" {
		return user + "@fleetco.example"
	}
	if slices.Contains(staffUsers, user) {
		return user + "@rugged.example"
	}
	return user + "@example.com"
}

// roles answers who calls as p and which resource set the row's placeholders name.
func (f *matrixFixture) roles(p persona, orgResource bool) (caller, resource string) {
	resource = "casey"
	if orgResource {
		resource = "olivia"
	}
	switch p {
	case anonymous:
		return "", resource
	case owner:
		return resource, resource
	case other:
		if orgResource {
			return "casey", resource
		}
		return "diego", resource
	case org:
		return "diego", "fleetco"
	case nora:
		return "nora", resource
	default:
		return "adam", resource
	}
}

func (f *matrixFixture) do(method, target, caller string, body io.Reader, contentType string) (int, string) {
	f.t.Helper()
	req := httptest.NewRequest(method, target, body)
	var w http.ResponseWriter = httptest.NewRecorder()
	recorded := w.(*httptest.ResponseRecorder)
	if strings.HasPrefix(target, streamPath) || (strings.HasPrefix(target, "/rma-manager/batches/") && strings.HasSuffix(target, "/events")) {
		// The event stream answers until its client goes: this client goes once the answer has
		// begun, however slow the machine (the 10 s bound only ends a stream that never answers).
		ctx, cancel := context.WithTimeout(req.Context(), 10*time.Second)
		defer cancel()
		req = req.WithContext(ctx)
		w = leaveOnFirstWrite{recorded, cancel}
	}
	if contentType != "" {
		req.Header.Set("Content-Type", contentType)
	}
	if tok := f.tokens[caller]; tok != "" {
		req.Header.Set("Authorization", "Bearer "+tok)
	}
	f.calls++
	req.Header.Set("Idempotency-Key", fmt.Sprintf("authz-%d", f.calls))
	// Each user calls from an address of their own, so the contact form's per-address limit
	// counts one persona's messages.
	req.RemoteAddr = fmt.Sprintf("192.0.2.%d:1234", 1+slices.Index(users, caller))
	f.app.Engine.ServeHTTP(w, req)
	return recorded.Code, recorded.Body.String()
}

func (f *matrixFixture) call(method string, r restRow, caller, resource string) (int, string) {
	f.t.Helper()
	target := f.expand(r.target, caller, resource)
	if file, ok := strings.CutPrefix(r.body, "multipart:"); ok {
		field, name, _ := strings.Cut(file, ":")
		return f.upload(method, target, caller, field, name)
	}
	if r.body == "" {
		return f.do(method, target, caller, nil, "")
	}
	return f.do(method, target, caller, strings.NewReader(f.expand(r.body, caller, resource)), "application/json")
}

func (f *matrixFixture) upload(method, target, caller, field, name string) (int, string) {
	content := uploadstest.PNG()
	if strings.HasSuffix(name, ".pdf") {
		content = uploadstest.PDF()
	}
	body, contentType := uploadstest.Multipart(uploadstest.Part{Field: field, Name: name, Content: bytes.NewReader(content)})
	defer body.Close()
	return f.do(method, target, caller, body, contentType)
}

// placeholder is a <name> in a row's target or body.
var placeholder = regexp.MustCompile(`<([A-Za-z0-9]+)>`)

// expand fills a row's placeholders: <serial>, <oldSerial>, <newAttachment> and <newPO> are made
// fresh for the caller, the others are the resource set's.
func (f *matrixFixture) expand(s, caller, resource string) string {
	f.t.Helper()
	return placeholder.ReplaceAllStringFunc(s, func(m string) string {
		switch name := m[1 : len(m)-1]; name {
		case "serial":
			return f.next(&f.inWarranty)
		case "oldSerial":
			return f.next(&f.outOfWarranty)
		case "newAttachment":
			return f.uploadID(caller, "/bucket-uploader/upload-rma-attachment", "files[0]", "crack.png", "bucketFileName")
		case "newPO":
			return f.uploadID(caller, "/bucket-uploader/upload-to-common-gridfs", "file", "po.pdf", "fileId")
		case "partNumber":
			return matrixPartNumber
		default:
			v, ok := f.owned[resource][name]
			require.True(f.t, ok, "no value for %s of %s", m, resource)
			return v
		}
	})
}

func (f *matrixFixture) next(pool *[]string) string {
	f.t.Helper()
	require.NotEmpty(f.t, *pool, "the fixture ran out of free serials")
	s := (*pool)[0]
	*pool = (*pool)[1:]
	return s
}

// uploadID uploads a file as caller and answers its id; callers who may not upload get an id
// that names nothing, so the row still reaches the guard.
func (f *matrixFixture) uploadID(caller, path, field, name, idKey string) string {
	f.t.Helper()
	if caller == "" || caller == "nora" || slices.Contains(staffUsers, caller) {
		return "nothing"
	}
	code, body := f.upload(http.MethodPost, path, caller, field, name)
	require.Equal(f.t, http.StatusOK, code, body)
	var files []map[string]any
	require.NoError(f.t, json.Unmarshal([]byte(body), &files))
	require.Len(f.t, files, 1)
	return files[0][idKey].(string)
}

const matrixPartNumber = "RL14-BAT-STD"

// freeSerials finds fleet units that can take a new RMA and that no demo customer holds (the
// demo history spreads RMAs over the fleet), so a unit says nothing to anyone but its new owner.
func (f *matrixFixture) freeSerials(inWarranty, outOfWarranty int) {
	f.t.Helper()
	for i := 0; i < 400 && (len(f.inWarranty) < inWarranty || len(f.outOfWarranty) < outOfWarranty); i++ {
		serial := fmt.Sprintf("RT%08d", 10001000+i)
		code, body := f.do(http.MethodGet, "/rma-manager/rma/verify-serial?serial="+serial, "adam", nil, "")
		if code != http.StatusOK {
			continue
		}
		var v struct {
			IW, AllowOOW, ValidForNewRMA, IsEOS bool
			Model                               string
		}
		require.NoError(f.t, json.Unmarshal([]byte(body), &v))
		if !v.ValidForNewRMA || v.IsEOS || v.Model == "EX70" || f.heldByAnyone(serial) {
			continue
		}
		if v.IW && len(f.inWarranty) < inWarranty {
			f.inWarranty = append(f.inWarranty, serial)
		} else if !v.IW && !v.AllowOOW && len(f.outOfWarranty) < outOfWarranty {
			f.outOfWarranty = append(f.outOfWarranty, serial)
		}
	}
	require.Len(f.t, f.inWarranty, inWarranty)
	require.Len(f.t, f.outOfWarranty, outOfWarranty)
}

func (f *matrixFixture) heldByAnyone(serial string) bool {
	for _, u := range []string{"casey", "olivia", "diego", "adam"} {
		if code, _ := f.do(http.MethodGet, "/parts-manager/inventory/"+serial, u, nil, ""); code != http.StatusNotFound {
			return true
		}
	}
	return false
}

// resourcesOf creates, as user, one resource of each kind the rows name.
func (f *matrixFixture) resourcesOf(user string) map[string]string {
	t := f.t
	t.Helper()
	v := map[string]string{}
	jsonCall := func(method, path, caller, body string, wantCode int) map[string]any {
		t.Helper()
		code, resp := f.do(method, path, caller, strings.NewReader(f.expand(body, caller, user)), "application/json")
		require.Equal(t, wantCode, code, "%s %s as %s: %s", method, path, caller, resp)
		var m map[string]any
		if resp != "" {
			require.NoError(t, json.Unmarshal([]byte(resp), &m), resp)
		}
		return m
	}
	tokenOf := func(paymentURL any) string {
		u, err := url.Parse(paymentURL.(string))
		require.NoError(t, err)
		return u.Query().Get("token")
	}
	createRMA := func() (number, serial, label string) {
		serial = f.next(&f.inWarranty)
		m := jsonCall(http.MethodPost, "/rma-manager/rma/create", user, strings.Replace(rmaBody, "<serial>", serial, 1), http.StatusOK)
		label, _ = m["label"].(string)
		return m["rmaNumber"].(string), serial, label
	}
	var label string
	v["rma"], v["rmaSerial"], label = createRMA()
	v["label"] = strings.TrimPrefix(label, "/shipping/documents/")
	v["advanceRMA"], _, _ = createRMA()
	// Only an out-of-warranty RMA that waits for its payment can be cancelled.
	oow := jsonCall(http.MethodPost, "/rma-manager/rma/create/oow", user, strings.Replace(oowRMABody, "<oldSerial>", f.next(&f.outOfWarranty), 1), http.StatusOK)
	v["cancelRMA"] = oow["rmaNumber"].(string)
	payRMASerial := f.next(&f.outOfWarranty)
	pay := jsonCall(http.MethodPost, "/rma-manager/rma/create/oow", user, strings.Replace(oowRMABody, "<oldSerial>", payRMASerial, 1), http.StatusOK)
	v["payRMA"], v["payRMASerial"] = pay["rmaNumber"].(string), payRMASerial

	hist := jsonCall(http.MethodGet, "/rma-manager/rma/history?filterText="+v["rma"], user, "", http.StatusOK)
	items, _ := hist["items"].([]any)
	require.NotEmpty(t, items, "history of %s: %v", user, hist)
	v["rmaUID"] = items[0].(map[string]any)["uid"].(string)

	for _, key := range []string{"attachment", "deletableAttachment", "deletableAttachment2"} {
		v[key] = f.uploadID(user, "/bucket-uploader/upload-rma-attachment", "files[0]", "crack.png", "bucketFileName")
	}
	v["po"] = f.uploadID(user, "/bucket-uploader/upload-to-common-gridfs", "file", "po.pdf", "fileId")

	q := jsonCall(http.MethodPost, "/payments/admin/service-quotes", "adam", fmt.Sprintf(`{"rmaNumber":%q,"amountCents":12500}`, v["rma"]), http.StatusCreated)
	v["quote"] = q["uid"].(string)
	payURL := q["payUrl"].(string)
	v["quoteRef"] = payURL[strings.LastIndex(payURL, "/")+1:]
	// A PayPal order started and not approved: its capture is the owner's 409.
	started := jsonCall(http.MethodPost, "/payments/quote/paypal/order", user, fmt.Sprintf(`{"uid":%q,"reference":%q}`, v["quote"], v["quoteRef"]), http.StatusOK)
	v["quoteToken"] = tokenOf(started["paymentUrl"])

	require.Equal(t, "data", f.graphql(ticketMutation, user), "a support ticket of %s", user)

	drivers := jsonCall(http.MethodGet, "/account-mgr/drivers", user, "", http.StatusOK)
	models, _ := drivers["models"].([]any)
	require.NotEmpty(t, models, "drivers: %v", drivers)
	v["driver"] = models[0].(map[string]any)["drivers"].([]any)[0].(map[string]any)["id"].(string)

	if user == "olivia" {
		for _, key := range []string{"branch", "deletableBranch"} {
			b := jsonCall(http.MethodPost, "/account-mgr/branches", user, branchBody, http.StatusCreated)
			v[key] = b["id"].(string)
		}
		o := jsonCall(http.MethodPost, "/parts-manager/orders", user, partsOrderBody, http.StatusCreated)
		v["order"] = o["rmaBatchId"].(string)
		v["orderToken"] = tokenOf(o["paymentUrl"])
		unpaid := jsonCall(http.MethodPost, "/parts-manager/orders", user, partsOrderBody, http.StatusCreated)
		v["payOrder"] = unpaid["rmaBatchId"].(string)
		for _, key := range []string{"batch", "removeBatch"} {
			b := jsonCall(http.MethodPost, "/rma-manager/batches", user, savedBatchBody, http.StatusAccepted)
			v[key] = b["batch"].(map[string]any)["id"].(string)
		}
	}
	return v
}

// graphql answers "data" when the field answered something, "empty" for an empty list or a
// count of 0, else the first error's code.
func (f *matrixFixture) graphql(query, caller string) string {
	f.t.Helper()
	raw, err := json.Marshal(map[string]string{"query": query})
	require.NoError(f.t, err)
	code, body := f.do(http.MethodPost, "/graphql", caller, bytes.NewReader(raw), "application/json")
	require.Equal(f.t, http.StatusOK, code, body)
	var resp struct {
		Data   map[string]json.RawMessage
		Errors []struct {
			Message    string
			Extensions struct{ Code string }
		}
	}
	require.NoError(f.t, json.Unmarshal([]byte(body), &resp), body)
	if len(resp.Errors) > 0 {
		if resp.Errors[0].Extensions.Code == "" {
			return resp.Errors[0].Message
		}
		return resp.Errors[0].Extensions.Code
	}
	for _, v := range resp.Data {
		var list []any
		var counted struct{ TotalCount *int }
		var result struct{ Success *bool }
		switch {
		case json.Unmarshal(v, &list) == nil && len(list) == 0:
			return "empty"
		case json.Unmarshal(v, &counted) == nil && counted.TotalCount != nil && *counted.TotalCount == 0:
			return "empty"
		case json.Unmarshal(v, &result) == nil && result.Success != nil && !*result.Success:
			return "refused: " + string(v)
		}
	}
	return "data"
}

// leaveOnFirstWrite records a streamed answer and ends the request once the first bytes arrive,
// as a client that only wanted to know whether it was let in.
type leaveOnFirstWrite struct {
	*httptest.ResponseRecorder
	leave context.CancelFunc
}

func (w leaveOnFirstWrite) Write(b []byte) (int, error) {
	defer w.leave()
	return w.ResponseRecorder.Write(b)
}

func (w leaveOnFirstWrite) Flush() {
	w.ResponseRecorder.Flush()
	w.leave()
}
