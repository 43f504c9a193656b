package parts

import (
	"net/url"

	"rugged.example/portal/api/pkg/webroutes"
)

// returnURL is where PayPal sends the payer back: the checkout page, which processes the order
// (PayPal appends token and PayerID).
func (s *Orders) returnURL(o Order) string {
	page := webroutes.PartsOrderCheckout
	if o.Kind == KindVideo {
		page = webroutes.VideoPartsOrderCheckout
	}
	return s.d.Settings.PublicURL + webroutes.Path(page, nil) + "?batch=" + url.QueryEscape(o.ID)
}

// cancelURL is where PayPal sends a payer who gives up: the page cancels the order.
func (s *Orders) cancelURL(o Order) string { return s.returnURL(o) + "&cancelled=1" }
