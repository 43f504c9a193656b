package authnetsandbox_test

import (
	"net/http"
	"net/url"
	"strconv"
	"testing"

	"github.com/stretchr/testify/require"
)

func unsettled(extra string) string {
	return `{"getUnsettledTransactionListRequest":{` + auth + extra + `}}`
}

// pay runs one approved payment of the sandbox's quote page and answers nothing: the list is
// what the test reads.
func pay(t *testing.T, sb http.Handler, zip string) {
	t.Helper()
	token, _ := openForm(t, sb)
	rec := postForm(sb, "/payment/pay", url.Values{"token": {token}, "action": {"pay"},
		"cardNumber": {"4111111111111111"}, "expirationDate": {"1230"}, "cardCode": {"123"}, "zip": {zip}})
	require.Contains(t, []int{http.StatusOK, http.StatusSeeOther, http.StatusUnprocessableEntity}, rec.Code)
}

func TestUnsettledList_ListsEveryTransactionSortedAndPaged(t *testing.T) {
	sb := newSandbox(t, "")
	answer := call(t, sb, unsettled(""))
	result, code := resultOf(t, answer)
	require.Equal(t, "Ok", result)
	require.Equal(t, "I00004", code, "no records yet")
	require.NotContains(t, answer, "transactions")

	pay(t, sb, "78681")
	pay(t, sb, "46282")
	pay(t, sb, "78681")

	answer = call(t, sb, unsettled(`,"sorting":{"orderBy":"submitTimeUTC","orderDescending":true},"paging":{"limit":2,"offset":1}`))
	result, code = resultOf(t, answer)
	require.Equal(t, "Ok", result)
	require.Equal(t, "I00001", code)
	require.EqualValues(t, 3, answer["totalNumInResultSet"])
	page := answer["transactions"].([]any)
	require.Len(t, page, 2)
	first, second := page[0].(map[string]any), page[1].(map[string]any)
	firstID, _ := strconv.ParseInt(first["transId"].(string), 10, 64)
	secondID, _ := strconv.ParseInt(second["transId"].(string), 10, 64)
	require.Greater(t, firstID, secondID, "newest first")
	require.Equal(t, "capturedPendingSettlement", first["transactionStatus"])
	require.Equal(t, "declined", second["transactionStatus"], "declined transactions are listed until the batch")
	require.Equal(t, "Q-1", first["invoiceNumber"])
	require.Equal(t, 289.0, first["settleAmount"])
	require.Equal(t, "XXXX1111", first["accountNumber"])

	answer = call(t, sb, unsettled(`,"sorting":{"orderBy":"id","orderDescending":false},"paging":{"limit":2,"offset":2}`))
	last := answer["transactions"].([]any)
	require.Len(t, last, 1, "the second page holds the rest")
	lastID, _ := strconv.ParseInt(last[0].(map[string]any)["transId"].(string), 10, 64)
	require.Equal(t, firstID, lastID, "ascending: the newest is last")

	answer = call(t, sb, unsettled(`,"status":"pendingApproval"`))
	_, code = resultOf(t, answer)
	require.Equal(t, "I00004", code, "the sandbox holds nothing for review")
}

func TestUnsettledList_RefusesAsAuthorizeNetDoes(t *testing.T) {
	sb := newSandbox(t, "")
	for _, tc := range []struct{ name, extra, code string }{
		{"limit 0", `,"paging":{"limit":0,"offset":1}`, "E00013"},
		{"limit 1001", `,"paging":{"limit":1001,"offset":1}`, "E00013"},
		{"offset 0", `,"paging":{"limit":10,"offset":0}`, "E00013"},
		{"unknown order", `,"sorting":{"orderBy":"amount","orderDescending":true}`, "E00013"},
		{"unknown status", `,"status":"settled"`, "E00013"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			result, code := resultOf(t, call(t, sb, unsettled(tc.extra)))
			require.Equal(t, "Error", result)
			require.Equal(t, tc.code, code)
		})
	}
	result, code := resultOf(t, call(t, sb, `{"getUnsettledTransactionListRequest":{"merchantAuthentication":{"name":"x","transactionKey":"y"}}}`))
	require.Equal(t, "Error", result)
	require.Equal(t, "E00007", code)
}
