package authnet

import (
	"errors"
	"testing"

	"github.com/stretchr/testify/require"

	"rugged.example/portal/api/payments/payments"
)

func TestKindOf_MapsResultCodesToSentinels(t *testing.T) {
	for _, tc := range []struct {
		code string
		want error
		// shared is the payments sentinel the kind also matches, nil when none.
		shared error
	}{
		{"E00007", ErrAuthentication, payments.ErrProviderUnavailable},
		{"E00005", ErrAuthentication, payments.ErrProviderUnavailable},
		{"E00008", ErrAuthentication, payments.ErrProviderUnavailable},
		{"E00011", ErrAuthentication, payments.ErrProviderUnavailable},
		{"E00027", payments.ErrDeclined, payments.ErrDeclined},
		{"E00040", payments.ErrNotFound, payments.ErrNotFound},
		{"E00003", ErrInvalidRequest, nil},
		{"E00013", ErrInvalidRequest, nil},
		{"E00015", ErrInvalidRequest, nil},
		{"E00001", payments.ErrProviderUnavailable, payments.ErrProviderUnavailable},
		{"E00053", payments.ErrProviderUnavailable, payments.ErrProviderUnavailable},
		{"E99999", payments.ErrProviderUnavailable, payments.ErrProviderUnavailable},
		{"", payments.ErrProviderUnavailable, payments.ErrProviderUnavailable},
	} {
		t.Run(tc.code, func(t *testing.T) {
			err := checkResult(messages{ResultCode: "Error", Message: []message{{Code: tc.code, Text: "text"}}})
			var apiErr *APIError
			require.ErrorAs(t, err, &apiErr)
			require.Equal(t, tc.code, apiErr.Code)
			require.ErrorIs(t, err, tc.want)
			require.Equal(t, tc.want, KindOf(tc.code))
			if tc.shared != nil {
				require.ErrorIs(t, err, tc.shared)
			}
		})
	}
}

func TestCheckResult_OkIsNoError(t *testing.T) {
	require.NoError(t, checkResult(messages{ResultCode: "Ok", Message: []message{{Code: "I00001", Text: "Successful."}}}))
}

func TestCheckResult_MalformedResultsAreProviderErrors(t *testing.T) {
	for name, m := range map[string]messages{
		"error without a message": {ResultCode: "Error"},
		"unknown result code":     {ResultCode: "Maybe"},
		"no result code":          {},
	} {
		t.Run(name, func(t *testing.T) {
			err := checkResult(m)
			require.ErrorIs(t, err, payments.ErrProviderUnavailable)
			require.False(t, errors.As(err, new(*APIError)))
		})
	}
}
