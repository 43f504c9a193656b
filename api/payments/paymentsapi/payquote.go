package paymentsapi

import (
	"net/http"

	"github.com/gin-gonic/gin"

	"rugged.example/portal/api/pkg/httpx"
)

// QuoteRef names a quote on a pay-quote page: /pay-quote/{uid}/{reference}.
type QuoteRef struct {
	UID       string `json:"uid"`
	Reference string `json:"reference"`
}

// PayPalOrderResponse is the approve link the browser goes to.
type PayPalOrderResponse struct {
	PaymentURL string `json:"paymentUrl"`
}

// PayPalCaptureRequest is the quote and the token (order id) PayPal sent the payer back with.
type PayPalCaptureRequest struct {
	QuoteRef
	Token string `json:"token"`
}

// AuthNetFormResponse is the hosted form the browser posts Token to (field "token").
type AuthNetFormResponse struct {
	FormURL string `json:"formUrl"`
	Token   string `json:"token"`
}

// AuthNetConfirmRequest names the quote the hosted form sent the browser back for.
type AuthNetConfirmRequest struct {
	UID string `json:"uid"`
}

func (a api) startPayPal(c *gin.Context) error {
	var req QuoteRef
	if err := httpx.DecodeJSON(c, MaxBody, &req); err != nil {
		return err
	}
	url, err := a.checkout.StartQuotePayPal(c.Request.Context(), subject(c), req.UID, req.Reference)
	if err != nil {
		return err
	}
	c.JSON(http.StatusOK, PayPalOrderResponse{PaymentURL: url})
	return nil
}

func (a api) capturePayPal(c *gin.Context) error {
	var req PayPalCaptureRequest
	if err := httpx.DecodeJSON(c, MaxBody, &req); err != nil {
		return err
	}
	q, err := a.checkout.CaptureQuotePayPal(c.Request.Context(), subject(c), req.UID, req.Reference, req.Token)
	if err != nil {
		return err
	}
	return respondQuote(c, q, a.checkout.Refunds)
}

func (a api) authnetForm(c *gin.Context) error {
	var req QuoteRef
	if err := httpx.DecodeJSON(c, MaxBody, &req); err != nil {
		return err
	}
	form, err := a.checkout.StartQuoteAuthNet(c.Request.Context(), subject(c), req.UID, req.Reference)
	if err != nil {
		return err
	}
	c.JSON(http.StatusOK, AuthNetFormResponse{FormURL: form.FormURL, Token: form.Token})
	return nil
}

func (a api) confirmAuthNet(c *gin.Context) error {
	var req AuthNetConfirmRequest
	if err := httpx.DecodeJSON(c, MaxBody, &req); err != nil {
		return err
	}
	q, err := a.checkout.ConfirmQuoteAuthNet(c.Request.Context(), subject(c), req.UID)
	if err != nil {
		return err
	}
	return respondQuote(c, q, a.checkout.Refunds)
}
