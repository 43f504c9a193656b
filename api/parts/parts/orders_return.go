package parts

import (
	"net/url"
)

// returnURL is where PayPal sends the payer back: the checkout page, which processes the order
// (PayPal appends token and PayerID).
func (s *Orders) returnURL(o Order) string {
	page := "/parts-order/checkout"
	if o.Kind == KindVideo {
		page = "/video-parts-order/checkout"
	}
	return s.d.Settings.PublicURL + page + "?batch=" + url.QueryEscape(o.ID)
}

// cancelURL is where PayPal sends a payer who gives up: the page cancels the order.
func (s *Orders) cancelURL(o Order) string { return s.returnURL(o) + "&cancelled=1" }
