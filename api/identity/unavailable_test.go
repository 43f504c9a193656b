package identity

import (
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"syscall"
	"testing"

	"github.com/stretchr/testify/require"
	"github.com/zitadel/oidc/v3/pkg/oidc"
	"github.com/zitadel/oidc/v3/pkg/op"
)

// The token endpoint wraps a storage error into invalid_grant (400); with the database down the
// client must hear 503 and keep its code.
func TestOutageAnswers_StorageOutageIs503WhateverTheLibrarySays(t *testing.T) {
	h := outageAnswers(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		err := storageErr(r.Context(), fmt.Errorf("take: %w", syscall.ECONNREFUSED))
		op.RequestError(w, r, oidc.ErrInvalidGrant().WithDescription("invalid code").WithParent(err), nil)
	}))
	w := httptest.NewRecorder()
	h.ServeHTTP(w, httptest.NewRequest(http.MethodPost, "/idp/oauth/token", nil))
	require.Equal(t, http.StatusServiceUnavailable, w.Code)
	require.NotEmpty(t, w.Header().Get("Retry-After"))
	require.JSONEq(t, `{"error":"temporarily_unavailable","error_description":"The service is temporarily unavailable. Please try again in a moment."}`, w.Body.String())
}

func TestOutageAnswers_OtherErrorsKeepTheirAnswer(t *testing.T) {
	h := outageAnswers(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		err := storageErr(r.Context(), errors.New("code not found"))
		op.RequestError(w, r, oidc.ErrInvalidGrant().WithDescription("invalid code").WithParent(err), nil)
	}))
	w := httptest.NewRecorder()
	h.ServeHTTP(w, httptest.NewRequest(http.MethodPost, "/idp/oauth/token", nil))
	require.Equal(t, http.StatusBadRequest, w.Code)
	require.Contains(t, w.Body.String(), "invalid_grant")
}
