package repair

import (
	"context"
	"maps"
	"strings"

	"rugged.example/portal/api/payments/payments"
	"rugged.example/portal/api/pkg/fault"
	"rugged.example/portal/api/pkg/validate"
	"rugged.example/portal/api/rma/rma"
)

// The PO rules of spec §5 "PO payment" (number, release number, file, their fields and
// messages, payments.ErrPONotAllowed) are the payments capability's, shared with the parts
// checkout.

// validatePayment applies spec §5 "PO payment" to p for c and trims what c typed. A PO from a
// customer without the permission is refused before any field is looked at.
func (s *Service) validatePayment(v *validate.Errors, c Customer, p *PaymentData) error {
	p.CustomerPO, p.CustomerPOFileID, p.QuoteID = strings.TrimSpace(p.CustomerPO), strings.TrimSpace(p.CustomerPOFileID), strings.TrimSpace(p.QuoteID)
	if p.Save {
		return nil
	}
	switch p.Method {
	case MethodPayPal:
		return nil
	case MethodPO:
	default:
		v.Add(payments.FieldPaymentMethod, validate.MsgRequired)
		return nil
	}
	if !c.MayPayByPO {
		return payments.ErrPONotAllowed
	}
	s.poRules().Validate(v, c.Email, p.CustomerPO, p.CustomerPOFileID)
	return nil
}

// prepare checks the payment and the create payload together, so the customer sees every
// field's message at once, and prices the repair.
func (s *Service) prepare(ctx context.Context, c Customer, r *Request) (rma.Prepared, error) {
	var v validate.Errors
	if err := s.validatePayment(&v, c, &r.Payment); err != nil {
		return rma.Prepared{}, err
	}
	p, err := s.d.RMAs.PrepareOutOfWarranty(ctx, r.Create)
	payErr := v.Err()
	switch {
	case err == nil:
		return p, payErr
	case payErr == nil:
		return rma.Prepared{}, err
	}
	f, ok := fault.As(err)
	if !ok || f.Kind != fault.KindInvalid || len(f.Fields) == 0 {
		return rma.Prepared{}, err
	}
	pf, _ := fault.As(payErr)
	fields := maps.Clone(f.Fields)
	maps.Copy(fields, pf.Fields)
	return rma.Prepared{}, fault.Validation(fields)
}

// prefixed moves a capability's validation fault under one payload field.
func prefixed(err error, field string) error {
	f, ok := fault.As(err)
	if !ok || f.Kind != fault.KindInvalid || len(f.Fields) == 0 {
		return err
	}
	for _, m := range f.Fields {
		return fault.Validation(map[string]string{field: m})
	}
	return err
}
