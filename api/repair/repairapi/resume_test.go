package repairapi_test

import (
	"encoding/json"
	"net/http"
	"testing"

	"github.com/stretchr/testify/require"
)

func TestAwaitingPayment_AnswersOnlyTheCallersUnpaidRMAOfTheUnit(t *testing.T) {
	e := newOOWEnv(t)
	w := e.do(t, http.MethodPost, "/rma-manager/rma/create/oow", e.casey, oowPayload(map[string]any{"paymentMethod": "PayPal"}))
	require.Equal(t, http.StatusOK, w.Code, w.Body.String())
	tests := []struct {
		name     string
		token    string
		query    string
		wantCode int
		wantBody string
	}{
		{name: "the owner finds it", token: e.casey, query: "?serial=rt10000002", wantCode: http.StatusOK},
		{name: "another customer's answers as none", token: e.olivia, query: "?serial=RT10000002", wantCode: http.StatusNotFound,
			wantBody: `{"error":"rma.notFound","message":"RMA not found"}`},
		{name: "a unit without one answers alike", token: e.casey, query: "?serial=RT10000001", wantCode: http.StatusNotFound,
			wantBody: `{"error":"rma.notFound","message":"RMA not found"}`},
		{name: "a serial is required", token: e.casey, query: "", wantCode: http.StatusBadRequest},
		{name: "signed out", token: "", query: "?serial=RT10000002", wantCode: http.StatusUnauthorized},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w := e.do(t, http.MethodGet, "/rma-manager/rma/awaiting-payment"+tt.query, tt.token, nil)
			require.Equal(t, tt.wantCode, w.Code, w.Body.String())
			if tt.wantBody != "" {
				require.JSONEq(t, tt.wantBody, w.Body.String())
			}
		})
	}

	w = e.do(t, http.MethodGet, "/rma-manager/rma/awaiting-payment?serial=RT10000002", e.casey, nil)
	var got map[string]any
	require.NoError(t, json.Unmarshal(w.Body.Bytes(), &got))
	require.NotEmpty(t, got["createdAt"])
	delete(got, "createdAt")
	require.Equal(t, map[string]any{
		"rmaNumber": "RMA-100501", "serial": "RT10000002", "rmaType": "REPAIR", "quoteId": "QT-TEST00000001",
		"amount": map[string]any{"cents": float64(28900), "currency": "USD"},
	}, got)
}

func TestPay_GivesTheOwnerTheSameOrderAgainAndNobodyElse(t *testing.T) {
	e := newOOWEnv(t)
	w := e.do(t, http.MethodPost, "/rma-manager/rma/create/oow", e.casey, oowPayload(map[string]any{"paymentMethod": "PayPal"}))
	require.Equal(t, http.StatusOK, w.Code, w.Body.String())
	tests := []struct {
		name     string
		token    string
		body     any
		wantCode int
		wantBody string
	}{
		{name: "the owner gets the order's approve link again", token: e.casey, body: map[string]any{"rmaNumber": "RMA-100501"}, wantCode: http.StatusOK,
			wantBody: `{"rmaNumber":"RMA-100501","quoteId":"QT-TEST00000001","paymentUrl":"https://paypal.test/checkoutnow?token=ORDER-QT-TEST00000001"}`},
		{name: "another customer's RMA is unknown", token: e.olivia, body: map[string]any{"rmaNumber": "RMA-100501"}, wantCode: http.StatusNotFound,
			wantBody: `{"error":"rma.notFound","message":"RMA not found"}`},
		{name: "signed out", token: "", body: map[string]any{"rmaNumber": "RMA-100501"}, wantCode: http.StatusUnauthorized},
		{name: "a body that is not JSON", token: e.casey, body: "{", wantCode: http.StatusBadRequest},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w := e.do(t, http.MethodPost, "/rma-manager/rma/pay", tt.token, tt.body)
			require.Equal(t, tt.wantCode, w.Code, w.Body.String())
			if tt.wantBody != "" {
				require.JSONEq(t, tt.wantBody, w.Body.String())
			}
		})
	}

	w = e.do(t, http.MethodPost, "/rma-manager/rma/cancel", e.casey, map[string]any{"rmaNumber": "RMA-100501"})
	require.Equal(t, http.StatusOK, w.Code, w.Body.String())
	w = e.do(t, http.MethodPost, "/rma-manager/rma/pay", e.casey, map[string]any{"rmaNumber": "RMA-100501"})
	require.Equal(t, http.StatusConflict, w.Code)
	require.JSONEq(t, `{"error":"rma.cancelled","message":"This RMA was cancelled."}`, w.Body.String())
}
