// Package recycleapi is the HTTP surface the recycle remote calls.
package recycleapi

import (
	"context"
	"log/slog"
	"net/http"

	"github.com/gin-gonic/gin"

	"rugged.example/portal/api/pkg/auth"
	"rugged.example/portal/api/pkg/httpx"
	"rugged.example/portal/api/pkg/idempotency"
	"rugged.example/portal/api/rma/rma"
	"rugged.example/portal/api/rma/rmajson"
	"rugged.example/portal/api/shipping/shippingapi"
)

// Recycler creates recycle RMAs; *rma.Creator implements it.
type Recycler interface {
	Recycle(ctx context.Context, r rma.RecycleRequest) (rma.Created, error)
}

// maxBody bounds one submission's JSON.
const maxBody = 32 << 10

// Routes mounts the recycle endpoint.
func Routes(r gin.IRouter, guard *auth.Guard, recycler Recycler, log *slog.Logger) {
	// Who: any signed-in user holding a role of this client; the RMA belongs to the caller, and
	// only holders of the override permission may change its type and destination.
	r.POST("/rma-manager/rma/recycle", guard.SignedIn(), guard.Customer(), httpx.Handler(log, func(c *gin.Context) error {
		p, _ := auth.PrincipalFrom(c.Request.Context())
		var body recycleRequest
		if err := httpx.DecodeJSON(c, maxBody, &body); err != nil {
			return err
		}
		key, err := httpx.IdempotencyKey(c)
		if err != nil {
			return err
		}
		created, err := recycler.Recycle(c.Request.Context(), toRecycleRequest(p, key, body))
		if err != nil {
			return err
		}
		c.JSON(http.StatusOK, toRecycleResponse(created.RMA))
		return nil
	}))
}

// recycleRequest is spec §3's recycle payload plus the administrator's override. The fixed
// fields (rmaType, primaryFault, problem, initialNotes, packaging) and userId are read and
// ignored: the server sets them, the owner comes from the token.
type recycleRequest struct {
	Serial   string `json:"serial"`
	RMAInput struct {
		Acc struct {
			ACPower  bool `json:"acPower"`
			Storage  bool `json:"storage"`
			HardCase bool `json:"hardCase"`
			Battery  bool `json:"battery"`
		} `json:"acc"`
		Attachments []string `json:"attachments"`
	} `json:"rmaInput"`
	Address  rmajson.Address `json:"address"`
	Contact  rmajson.Contact `json:"contact"`
	Override *struct {
		RMAType string `json:"rmaType"`
		TPM     string `json:"tpm"`
	} `json:"override"`
}

type recycleResponse struct {
	RMANumber         string  `json:"rmaNumber"`
	Label             *string `json:"label"`
	CommercialInvoice *string `json:"commercialInvoice"`
}

func toRecycleRequest(p auth.Principal, key idempotency.Key, b recycleRequest) rma.RecycleRequest {
	acc := b.RMAInput.Acc
	r := rma.RecycleRequest{
		Owner: p.Subject, Org: p.Org, OpenedByName: p.DisplayName(), MayOverride: p.Has(auth.PermRMAOverride), IdempotencyKey: key, Serial: b.Serial,
		Accessories: rma.Accessories{ACPower: acc.ACPower, Storage: acc.Storage, HardCase: acc.HardCase, Battery: acc.Battery},
		Attachments: b.RMAInput.Attachments,
		Contact:     b.Contact.Domain(),
		Address:     b.Address.Domain(),
	}
	if b.Override != nil {
		r.Override = &rma.Override{RMAType: b.Override.RMAType, TPM: b.Override.TPM}
	}
	return r
}

// documentPath links a document, or nothing when there is none.
func documentPath(id string) *string {
	if id == "" {
		return nil
	}
	p := shippingapi.DocumentPath(id)
	return &p
}

func toRecycleResponse(r rma.RMA) recycleResponse {
	return recycleResponse{RMANumber: r.Number, Label: documentPath(r.LabelID), CommercialInvoice: documentPath(r.InvoiceID)}
}
