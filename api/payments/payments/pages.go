package payments

import (
	"net/url"

	"rugged.example/portal/api/pkg/webroutes"
)

// The portal pages a quote's payer is sent to, by their names in the web route table; each is a
// path under the portal's public URL.

// payQuotePath is the page where the owner pays q by PayPal, and where PayPal returns the payer.
func (q Quote) payQuotePath() string {
	return webroutes.Path(webroutes.PayQuote, webroutes.Params{"quoteid": q.ID, "reference": q.Reference})
}

// quoteCancelPath is where a provider sends a payer of q who gives up.
func (q Quote) quoteCancelPath() string {
	return webroutes.Path(webroutes.ServiceQuoteCancel, nil) + "?quote=" + url.QueryEscape(q.ID)
}

// authNetReturnPath is where Authorize.net's hosted form returns the payer of q.
func (q Quote) authNetReturnPath() string {
	return webroutes.Path(webroutes.AuthNetResponse, nil) + "?quote=" + url.QueryEscape(q.ID)
}
