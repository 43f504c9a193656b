package compose_test

import (
	"bytes"
	"encoding/json"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"net/textproto"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"rugged.example/portal/api/pkg/httpx"
	"rugged.example/portal/api/pkg/inputguard"
	"rugged.example/portal/api/portal/compose"
)

// flawedCall is a request with one flawed field, and the field the refusal must name.
type flawedCall struct {
	name                  string
	method, target, token string
	contentType, body     string
	header                map[string]string
	field, msg            string
}

// flawedCalls fire NUL, line breaks and bytes that are not UTF-8 at the portal's routes, anonymous
// ones included, through every kind of input: query and path parameters, JSON bodies, GraphQL
// literals and variables, forms, multipart file names, a stored header. Before the guard,
// PostgreSQL answered many of them with a 500 (`invalid byte sequence for encoding "UTF8": 0x00`)
// and SQLite stored them, or, for filterText, matched every RMA.
func flawedCalls(casey string) []flawedCall {
	const one, control, utf8 = inputguard.MsgOneLine, inputguard.MsgNoControl, inputguard.MsgNotUTF8
	upload, uploadType := flawedUpload()
	return []flawedCall{
		{name: "catalogue search", method: "GET", target: "/parts-manager/parts?q=%00", field: "q", msg: one},
		{name: "a part by number", method: "GET", target: "/parts-manager/parts/RL14-BAT%00", field: "pn", msg: one},
		{name: "RMA history filter, NUL", method: "GET", target: "/rma-manager/rma/history?filterText=%00", token: casey, field: "filterText", msg: one},
		{name: "RMA history filter, not UTF-8", method: "GET", target: "/rma-manager/rma/history?filterText=caf%E9", token: casey, field: "filterText", msg: utf8},
		{name: "serial check", method: "GET", target: "/rma-manager/rma/verify-serial?serial=RT10000001%0D%0A", token: casey, field: "serial", msg: one},
		{name: "drop-off offices", method: "GET", target: "/shipping/offices?line1=2100%0ABcc:x&city=Austin&state=TX&postalCode=78741&country=US",
			token: casey, field: "line1", msg: one},
		{name: "quote details", method: "GET", target: "/payments/quote/details?uid=%00", token: casey, field: "uid", msg: one},
		{name: "dashboard stream", method: "GET", target: "/gss-dashboard/stream-app?id=%00", token: casey, field: "id", msg: one},
		{name: "a branch", method: "PUT", target: "/account-mgr/branches/b%00", token: casey, contentType: "application/json", body: `{}`,
			field: "id", msg: one},
		{name: "an attachment's removal", method: "DELETE", target: "/bucket-uploader/upload-rma-attachment/rma%0A", token: casey,
			field: "bucketFileName", msg: one},
		{name: "contact form: a line break faking an e-mail header", method: "POST", target: "/contact-form", contentType: "application/json",
			body:  `{"firstName":"Casey\r\nBcc: all@example.com","lastName":"Morgan","email":"casey@example.com","phone":"5125550142","subject":"Hi","primaryFault":"broken","desc":"Hello."}`,
			field: "firstName", msg: one},
		{name: "contact form: a NUL in its description", method: "POST", target: "/contact-form", contentType: "application/json",
			body:  `{"firstName":"Casey","lastName":"Morgan","email":"casey@example.com","phone":"5125550142","subject":"Hi","primaryFault":"broken","desc":"Hello.\u0000"}`,
			field: "desc", msg: control},
		{name: "new RMA: a reference on two lines", method: "POST", target: "/rma-manager/rma/create", token: casey, contentType: "application/json",
			body:  `{"serial":"RT10000001","rmaInput":{"initialNotes":"Cracked.","customerReference":"PO-1\r\nAsset Tag: 0"}}`,
			field: "rmaInput.customerReference", msg: one},
		{name: "new RMA: a NUL in its notes", method: "POST", target: "/rma-manager/rma/create", token: casey, contentType: "application/json",
			body: `{"serial":"RT10000001","rmaInput":{"initialNotes":"Cracked.\u0000"}}`, field: "rmaInput.initialNotes", msg: control},
		{name: "new RMA: an idempotency key that is not UTF-8", method: "POST", target: "/rma-manager/rma/create", token: casey,
			contentType: "application/json", body: `{}`, header: map[string]string{"Idempotency-Key": "key-\xff"}, field: "Idempotency-Key", msg: utf8},
		{name: "account settings: a name that is not UTF-8", method: "POST", target: "/account-mgr/user", token: casey, contentType: "application/json",
			body: "{\"firstName\":\"Zo\xeb\"}", field: "firstName", msg: utf8},
		{name: "parts pricing", method: "POST", target: "/parts-manager/orders/price", contentType: "application/json",
			body: `{"lines":[{"partNumber":"RL14-BAT-STD","quantity":1},{"partNumber":"RL14\u0000","quantity":1}]}`, field: "lines[1].partNumber", msg: one},
		{name: "GraphQL: a NUL escape in a string literal", method: "POST", target: "/graphql", token: casey, contentType: "application/json",
			body:  `{"query":"mutation{createServiceSupportTicket(ticketInput:{name:\"Casey Morgan\",emailAddress:\"casey@example.com\",phone:\"(512)555-0100\",subject:\"Hi\\u0000\",description:\"Hello.\",caseType:\"Question\"}){success}}"}`,
			field: "ticketInput.subject", msg: one},
		{name: "GraphQL: a NUL in a variable", method: "POST", target: "/graphql", token: casey, contentType: "application/json",
			body:  `{"query":"mutation($t: TicketInput!){createServiceSupportTicket(ticketInput:$t){success}}","variables":{"t":{"description":"a\u0000"}}}`,
			field: "variables.t.description", msg: control},
		{name: "GraphQL: a line-break escape in a search", method: "POST", target: "/graphql", token: casey, contentType: "application/json",
			body: `{"query":"{RMAsConnection(search:{text:\"RMA\\r\\n\"}){totalCount}}"}`, field: "search.text", msg: one},
		{name: "an uploaded file's name", method: "POST", target: "/bucket-uploader/upload-rma-attachment", token: casey,
			contentType: uploadType, body: upload, field: "files[0]", msg: inputguard.MsgFileNameLine},
		{name: "the provider's token endpoint", method: "POST", target: "/idp/oauth/token", contentType: "application/x-www-form-urlencoded",
			body: "grant_type=refresh_token&refresh_token=%00", field: "refresh_token", msg: one},
	}
}

// flawedUpload is an attachment upload whose file name carries a NUL (RFC 2231 lets a client
// encode any byte in it).
func flawedUpload() (string, string) {
	var body bytes.Buffer
	mw := multipart.NewWriter(&body)
	w, _ := mw.CreatePart(textproto.MIMEHeader{
		"Content-Disposition": {`form-data; name="files[0]"; filename*=UTF-8''crack%00.png`},
		"Content-Type":        {"image/png"},
	})
	_, _ = w.Write([]byte("\x89PNG\r\n\x1a\n"))
	_ = mw.Close()
	return body.String(), mw.FormDataContentType()
}

func (c flawedCall) serve(app *compose.App) *httptest.ResponseRecorder {
	req := httptest.NewRequest(c.method, c.target, strings.NewReader(c.body))
	if c.contentType != "" {
		req.Header.Set("Content-Type", c.contentType)
	}
	if c.token != "" {
		req.Header.Set("Authorization", "Bearer "+c.token)
	}
	for k, v := range c.header {
		req.Header[k] = []string{v}
	}
	w := httptest.NewRecorder()
	app.Engine.ServeHTTP(w, req)
	return w
}

// requireRefusal checks the guard's answer: 400, its id and message, and the one field named.
func requireRefusal(t *testing.T, w *httptest.ResponseRecorder, field, msg string) {
	t.Helper()
	require.Equal(t, http.StatusBadRequest, w.Code, w.Body.String())
	var body httpx.ErrorBody
	require.NoError(t, json.Unmarshal(w.Body.Bytes(), &body), w.Body.String())
	require.Equal(t, httpx.ErrorBody{Error: "input.invalidText", Message: inputguard.ErrInvalidText.Message, Fields: map[string]string{field: msg}}, body)
}

// refusesFlawedText fires flawedCalls at app, then checks that what may span lines still does,
// and that a webhook's bytes still reach its handler.
func refusesFlawedText(t *testing.T, app *compose.App, casey string) {
	for _, c := range flawedCalls(casey) {
		t.Run(c.name, func(t *testing.T) {
			requireRefusal(t, c.serve(app), c.field, c.msg)
		})
	}
	t.Run("line breaks where a field spans lines", func(t *testing.T) {
		w := flawedCall{method: "POST", target: "/graphql", token: casey, contentType: "application/json",
			body: `{"query":"mutation($t: TicketInput!){createServiceSupportTicket(ticketInput:$t){success}}","variables":{"t":` +
				`{"name":"Casey Morgan","emailAddress":"casey@example.com","phone":"(512)555-0100","subject":"Two lines",` +
				`"description":"Line one\r\n\tLine two","caseType":"Question"}}}`}.serve(app)
		require.Equal(t, http.StatusOK, w.Code, w.Body.String())
		require.JSONEq(t, `{"data":{"createServiceSupportTicket":{"success":true}}}`, w.Body.String())
	})
	t.Run("a webhook's bytes reach its handler, which verifies their signature", func(t *testing.T) {
		w := flawedCall{method: "POST", target: "/payments/webhooks/paypal", contentType: "application/json",
			body: "{\"id\":\"WH-1\\u0000\",\"summary\":\"caf\xe9\"}"}.serve(app)
		require.Equal(t, http.StatusUnauthorized, w.Code, w.Body.String())
	})
}

func TestInputGuard_RefusesFlawedTextAtTheEdgeOnSQLite(t *testing.T) {
	cfg := embeddedConfig(t)
	app := build(t, cfg)
	refusesFlawedText(t, app, devToken(t, cfg, "casey@example.com"))
}

func TestIntegrationInputGuard_RefusesFlawedTextOnPostgreSQLAsOnSQLite(t *testing.T) {
	cfg := postgresConfig(t)
	migrateAndSeed(t, cfg)
	app := build(t, cfg)
	refusesFlawedText(t, app, devToken(t, cfg, "casey@example.com"))
}

// Each process of a split topology builds its own engine: each refuses alike.
func TestInputGuard_EveryProcessOfASplitRefusesFlawedText(t *testing.T) {
	cfg := split(t)
	tests := []struct {
		service string
		call    flawedCall
	}{
		{compose.ServiceParts, flawedCall{method: "GET", target: "/parts-manager/parts?q=%00", field: "q", msg: inputguard.MsgOneLine}},
		{compose.ServiceSupport, flawedCall{method: "POST", target: "/contact-form", contentType: "application/json",
			body: `{"firstName":"Casey\nBcc: x"}`, field: "firstName", msg: inputguard.MsgOneLine}},
		{compose.ServiceGraphQL, flawedCall{method: "POST", target: "/graphql", contentType: "application/json",
			body: `{"query":"{queryCommonReport(reportId:\"QUERY\\u0000\"){message}}"}`, field: "reportId", msg: inputguard.MsgOneLine}},
		{compose.ServiceIdentity, flawedCall{method: "POST", target: "/idp/oauth/token", contentType: "application/x-www-form-urlencoded",
			body: "grant_type=authorization_code&code=%0D%0A", field: "code", msg: inputguard.MsgOneLine}},
	}
	for _, tt := range tests {
		t.Run(tt.service, func(t *testing.T) {
			cfg.Services = compose.Services{tt.service}
			requireRefusal(t, tt.call.serve(build(t, cfg)), tt.call.field, tt.call.msg)
		})
	}
}
