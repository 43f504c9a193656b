package repair

import "rugged.example/portal/api/payments/payments"

// Options are the payment choices a customer has (the confirm step's payment card).
type Options struct {
	Methods           []Method
	Default           Method
	POReleaseRequired bool
	DiscountPercent   float64
}

// PaymentOptions answers which methods c may use, which one the form starts on (spec §5: PO
// for paymentPO holders, card otherwise), whether a PO needs a release number and c's discount.
func (s *Service) PaymentOptions(c Customer) Options {
	o := Options{Methods: []Method{MethodPayPal}, Default: MethodPayPal, DiscountPercent: c.DiscountPercent}
	if c.MayPayByPO {
		o.Methods, o.Default = append(o.Methods, MethodPO), MethodPO
	}
	o.POReleaseRequired = s.poRules().ReleaseRequired(c.Email)
	return o
}

// poRules are the payments capability's PO rules with PO_RELEASE_DOMAINS.
func (s *Service) poRules() payments.PORules {
	return payments.PORules{ReleaseDomains: s.d.Settings.POReleaseDomains}
}
