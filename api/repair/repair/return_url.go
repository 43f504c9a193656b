package repair

import (
	"net/url"

	"rugged.example/portal/api/pkg/webroutes"
	"rugged.example/portal/api/rma/rma"
)

// returnURL is where PayPal sends the payer back: the page the RMA was opened on (create-rma,
// or upgrade-device for an upgrade), which processes the RMA (PayPal appends token and PayerID).
func (s *Service) returnURL(rec rma.RMA) string {
	page := webroutes.CreateRMA
	if rec.Type == rma.RMATypeUpgrade {
		page = webroutes.UpgradeDevice
	}
	path := webroutes.Path(page, webroutes.Params{"serial": rec.Serial})
	return s.d.Settings.PublicURL + path + "?rmaNumber=" + url.QueryEscape(rec.Number)
}

// cancelURL is where PayPal sends a payer who gives up: the page cancels the RMA.
func (s *Service) cancelURL(rec rma.RMA) string { return s.returnURL(rec) + "&cancelled=1" }
