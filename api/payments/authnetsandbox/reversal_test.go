package authnetsandbox_test

import (
	"testing"

	"github.com/stretchr/testify/require"
)

func TestCreateTransaction_RefusesInAuthorizeNetsShape(t *testing.T) {
	sb := newSandbox(t, "")
	tests := []struct {
		name              string
		transaction       string
		wantCode, wantErr string
	}{
		{"a type the sandbox does not run", `{"transactionType":"authCaptureTransaction","amount":"1.00"}`, "E00013", ""},
		{"a void without the transaction", `{"transactionType":"voidTransaction"}`, "E00027", "33"},
		{"a void of an unknown transaction", `{"transactionType":"voidTransaction","refTransId":"60000000099"}`, "E00027", "16"},
		{"a refund without an amount", `{"transactionType":"refundTransaction","refTransId":"60000000099"}`, "E00027", "5"},
		{"a refund of an unknown transaction", `{"transactionType":"refundTransaction","amount":"1.00","refTransId":"60000000099",` +
			`"payment":{"creditCard":{"cardNumber":"1111","expirationDate":"XXXX"}}}`, "E00027", "16"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			answer := call(t, sb, `{"createTransactionRequest":{`+auth+`,"transactionRequest":`+tt.transaction+`}}`)
			result, code := resultOf(t, answer)
			require.Equal(t, "Error", result)
			require.Equal(t, tt.wantCode, code)
			if tt.wantErr != "" {
				tr := answer["transactionResponse"].(map[string]any)
				require.Equal(t, "3", tr["responseCode"])
				require.Equal(t, tt.wantErr, tr["errors"].([]any)[0].(map[string]any)["errorCode"])
			}
		})
	}
	require.Zero(t, sb.Settle(), "nothing to settle")
}
