package repairapi

import (
	"context"
	"log/slog"
	"net/http"

	"github.com/gin-gonic/gin"

	"rugged.example/portal/api/pkg/auth"
	"rugged.example/portal/api/pkg/httpx"
	"rugged.example/portal/api/pkg/money"
	"rugged.example/portal/api/repair/repair"
	"rugged.example/portal/api/rma/rma"
	"rugged.example/portal/api/rma/rmajson"
)

// OutOfWarranty runs the paid path; *repair.Service implements it.
type OutOfWarranty interface {
	PaymentOptions(c repair.Customer) repair.Options
	CreateOutOfWarranty(ctx context.Context, c repair.Customer, r repair.Request) (repair.Result, error)
	ProcessOutOfWarranty(ctx context.Context, owner, number string, serial rma.Serial, token string) (repair.Processed, error)
	Cancel(ctx context.Context, owner, number string) (rma.RMA, error)
	AwaitingPayment(ctx context.Context, owner string, serial rma.Serial) (repair.PendingPayment, error)
	ResumePayment(ctx context.Context, owner, number string) (repair.Result, error)
}

// CustomerTerms are what the caller's profile says about paying.
type CustomerTerms struct {
	Email string
	// DiscountPercent is the profile's flat discount (spec §6 flags.rma.flatDiscountPercentage).
	DiscountPercent float64
}

// Terms reads the caller's terms from their token or profile. accessToken is the caller's
// bearer token, for a provider whose profile is asked with it; it is never stored or logged.
type Terms interface {
	Terms(ctx context.Context, caller auth.Principal, accessToken string) (CustomerTerms, error)
}

type oowAPI struct {
	svc   OutOfWarranty
	terms Terms
}

// OutOfWarrantyRoutes mounts the out-of-warranty endpoints of spec §7 (create/oow, process/oow,
// cancel), the payment options the confirm step's payment card shows, and the way back to an
// RMA that awaits its payment (awaiting-payment, pay).
func OutOfWarrantyRoutes(r gin.IRouter, guard *auth.Guard, svc OutOfWarranty, terms Terms, log *slog.Logger) {
	a := oowAPI{svc: svc, terms: terms}
	g := r.Group("/rma-manager/rma")

	// Who: any signed-in user holding a role of this client; the answer is about the caller
	// only (their permission, e-mail domain and discount).
	g.GET("/payment-options", guard.SignedIn(), guard.Customer(), httpx.Handler(log, a.paymentOptions))

	// Who: any signed-in user holding a role of this client; the quote or RMA belongs to the
	// caller (owner from the token). Paying by PO needs service:payment:po, checked in the core
	// so the refusal names the payment.
	g.POST("/create/oow", guard.SignedIn(), guard.Customer(), httpx.Handler(log, a.createOOW))

	// Who: the RMA's owner; anyone else's RMA answers as an unknown one.
	g.POST("/process/oow", guard.SignedIn(), guard.Customer(), httpx.Handler(log, a.processOOW))

	// Who: the RMA's owner; anyone else's RMA answers as an unknown one.
	g.POST("/cancel", guard.SignedIn(), guard.Customer(), httpx.Handler(log, a.cancel))

	// Who: any signed-in user holding a role of this client; the answer is the caller's own RMA
	// awaiting its payment on the unit, and anyone else's answers 404 exactly like none.
	g.GET("/awaiting-payment", guard.SignedIn(), guard.Customer(), httpx.Handler(log, a.awaitingPayment))

	// Who: the RMA's owner; anyone else's RMA answers as an unknown one.
	g.POST("/pay", guard.SignedIn(), guard.Customer(), httpx.Handler(log, a.pay))
}

// customer is the caller as the core sees them: the token's subject, organization, name and
// permission, the profile's e-mail and discount.
func (a oowAPI) customer(c *gin.Context) (repair.Customer, error) {
	p, _ := auth.PrincipalFrom(c.Request.Context())
	token, _ := auth.BearerToken(c.GetHeader("Authorization"))
	t, err := a.terms.Terms(c.Request.Context(), p, token)
	if err != nil {
		return repair.Customer{}, err
	}
	return repair.Customer{Subject: p.Subject, Org: p.Org, Name: p.DisplayName(), MayPayByPO: p.Has(auth.PermPaymentPO), Email: t.Email, DiscountPercent: t.DiscountPercent}, nil
}

// paymentOptionsResponse is the payment card's configuration.
type paymentOptionsResponse struct {
	Methods           []string `json:"methods"`
	DefaultMethod     string   `json:"defaultMethod"`
	POReleaseRequired bool     `json:"poReleaseRequired"`
	DiscountPercent   float64  `json:"discountPercent"`
}

func toPaymentOptionsResponse(o repair.Options) paymentOptionsResponse {
	methods := make([]string, len(o.Methods))
	for i, m := range o.Methods {
		methods[i] = string(m)
	}
	return paymentOptionsResponse{Methods: methods, DefaultMethod: string(o.Default), POReleaseRequired: o.POReleaseRequired, DiscountPercent: o.DiscountPercent}
}

func (a oowAPI) paymentOptions(c *gin.Context) error {
	cust, err := a.customer(c)
	if err != nil {
		return err
	}
	c.JSON(http.StatusOK, toPaymentOptionsResponse(a.svc.PaymentOptions(cust)))
	return nil
}

// oowRequest is the create payload with its paymentData (spec §3).
type oowRequest struct {
	createRequest
	PaymentData paymentDataDTO `json:"paymentData"`
}

type paymentDataDTO struct {
	PaymentMethod    string `json:"paymentMethod"`
	CustomerPO       string `json:"customerPO"`
	CustomerPOFileID string `json:"customerPOFileId"`
	Save             bool   `json:"save"`
	QuoteID          string `json:"quoteId"`
}

func toPaymentData(d paymentDataDTO) repair.PaymentData {
	return repair.PaymentData{
		Method: repair.Method(d.PaymentMethod), CustomerPO: d.CustomerPO, CustomerPOFileID: d.CustomerPOFileID,
		Save: d.Save, QuoteID: d.QuoteID,
	}
}

// oowResponse is the create response's out-of-warranty part; quoteData is the saved quote.
type oowResponse struct {
	RMANumber  string         `json:"rmaNumber"`
	QuoteID    string         `json:"quoteId"`
	PaymentURL string         `json:"paymentUrl"`
	QuoteData  *savedQuoteDTO `json:"quoteData,omitempty"`
}

// savedQuoteDTO is spec §3's Saved quote with the packaging.
type savedQuoteDTO struct {
	Shipping struct {
		Address rmajson.Address `json:"address"`
		Contact quoteContactDTO `json:"contact"`
	} `json:"shipping"`
	ExternalResource struct {
		Serial    string         `json:"serial"`
		RMAInput  map[string]any `json:"rmaInput"`
		Packaging packagingDTO   `json:"packaging"`
	} `json:"externalResource"`
	Total money.Money `json:"total"`
}

type quoteContactDTO struct {
	FirstName        string `json:"firstName"`
	LastName         string `json:"lastName"`
	EmailAddress     string `json:"emailAddress"`
	PhoneNumber      string `json:"phoneNumber"`
	PhoneCountryCode string `json:"phoneCountryCode"`
	CompanyName      string `json:"companyName"`
}

func toOOWResponse(r repair.Result) oowResponse {
	resp := oowResponse{RMANumber: r.RMANumber, QuoteID: r.QuoteID, PaymentURL: r.PaymentURL}
	if r.Saved != nil {
		q := toSavedQuoteDTO(*r.Saved)
		resp.QuoteData = &q
	}
	return resp
}

func toSavedQuoteDTO(s repair.SavedQuote) savedQuoteDTO {
	var d savedQuoteDTO
	a, c := s.Shipping.Address, s.Shipping.Contact
	d.Shipping.Address = rmajson.Address{Line1: a.Line1, Line2: a.Line2, City: a.City, State: a.State, Country: a.Country, PostalCode: a.PostalCode}
	d.Shipping.Contact = quoteContactDTO{
		FirstName: c.FirstName, LastName: c.LastName, EmailAddress: c.EmailAddress, PhoneNumber: c.PhoneNumber,
		PhoneCountryCode: c.PhoneCountryCode, CompanyName: c.CompanyName,
	}
	e := s.ExternalResource
	d.ExternalResource.Serial, d.ExternalResource.RMAInput = e.Serial, e.RMAInput
	d.ExternalResource.Packaging = toPackagingDTO(e.Packaging)
	d.Total = s.Total
	return d
}

func (a oowAPI) createOOW(c *gin.Context) error {
	var body oowRequest
	if err := httpx.DecodeJSON(c, maxCreateBody, &body); err != nil {
		return err
	}
	key, err := httpx.IdempotencyKey(c)
	if err != nil {
		return err
	}
	cust, err := a.customer(c)
	if err != nil {
		return err
	}
	p, _ := auth.PrincipalFrom(c.Request.Context())
	res, err := a.svc.CreateOutOfWarranty(c.Request.Context(), cust, repair.Request{
		Create: toCreateRequest(p, key, body.createRequest), Payment: toPaymentData(body.PaymentData),
	})
	if err != nil {
		return err
	}
	c.JSON(http.StatusOK, toOOWResponse(res))
	return nil
}

// processRequest names the RMA to process and, after a PayPal approval, the order id PayPal
// sent back as token.
type processRequest struct {
	RMANumber string `json:"rmaNumber"`
	Serial    string `json:"serial"`
	Token     string `json:"token"`
}

func (a oowAPI) processOOW(c *gin.Context) error {
	var body processRequest
	if err := httpx.DecodeJSON(c, maxSmallBody, &body); err != nil {
		return err
	}
	// The RMA is named by its number and serial together: a serial that is none cannot match it.
	serial, err := rma.ParseSerial(body.Serial)
	if err != nil {
		return rma.ErrRMANotFound
	}
	p, _ := auth.PrincipalFrom(c.Request.Context())
	r, err := a.svc.ProcessOutOfWarranty(c.Request.Context(), p.Subject, body.RMANumber, serial, body.Token)
	if err != nil {
		return err
	}
	c.JSON(http.StatusOK, toProcessedResponse(r))
	return nil
}

type cancelRequest struct {
	RMANumber string `json:"rmaNumber"`
}

type cancelResponse struct {
	RMANumber string `json:"rmaNumber"`
	Status    string `json:"status"`
}

func toCancelResponse(r rma.RMA) cancelResponse {
	return cancelResponse{RMANumber: r.Number, Status: string(r.Status)}
}

func (a oowAPI) cancel(c *gin.Context) error {
	var body cancelRequest
	if err := httpx.DecodeJSON(c, maxSmallBody, &body); err != nil {
		return err
	}
	p, _ := auth.PrincipalFrom(c.Request.Context())
	r, err := a.svc.Cancel(c.Request.Context(), p.Subject, body.RMANumber)
	if err != nil {
		return err
	}
	c.JSON(http.StatusOK, toCancelResponse(r))
	return nil
}
