package paypal

import (
	"testing"

	"github.com/stretchr/testify/require"

	"rugged.example/portal/api/payments/payments"
	"rugged.example/portal/api/pkg/money"
)

func TestToWebhookEvent_WhatAnEventMeansForItsQuote(t *testing.T) {
	base := Event{ID: "WH-1", ResourceID: "CAP-1", Amount: money.USD(289_00), InvoiceID: "QT-ABCDEFGHIJKL", OrderID: "5O190127TN364715T"}
	tests := []struct {
		name        string
		typ, status string
		wantKind    payments.EventKind
		wantCapture string
	}{
		{"completed capture", EventCaptureCompleted, StatusCompleted, payments.EventCompleted, "CAP-1"},
		{"completed event of a pending capture", EventCaptureCompleted, captureStatusPending, payments.EventOther, ""},
		{"denied", EventCaptureDenied, captureStatusDeclined, payments.EventDenied, "CAP-1"},
		{"refunded: the resource is the refund", EventCaptureRefunded, StatusCompleted, payments.EventRefunded, ""},
		{"anything else", "CHECKOUT.ORDER.APPROVED", StatusApproved, payments.EventOther, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ev := base
			ev.Type, ev.Status = tt.typ, tt.status
			require.Equal(t, payments.WebhookEvent{
				Provider: Provider, ID: "WH-1", Type: tt.typ, Kind: tt.wantKind, QuoteID: "QT-ABCDEFGHIJKL",
				Ref: "5O190127TN364715T", CaptureID: tt.wantCapture, Amount: money.USD(289_00),
			}, toWebhookEvent(ev))
		})
	}
}
