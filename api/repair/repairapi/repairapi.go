// Package repairapi is the HTTP surface the repair remote calls (spec §7, /rma-manager/rma/*).
package repairapi

import (
	"context"
	"log/slog"
	"net/http"

	"github.com/gin-gonic/gin"

	"rugged.example/portal/api/pkg/auth"
	"rugged.example/portal/api/pkg/httpx"
	"rugged.example/portal/api/rma/rma"
)

// Creator creates RMAs; *rma.Creator implements it.
type Creator interface {
	Create(ctx context.Context, r rma.CreateRequest) (rma.Created, error)
}

// API holds the handlers' dependencies.
type API struct {
	units   *rma.Service
	creator Creator
	log     *slog.Logger
}

// Routes mounts the repair endpoints.
func Routes(r gin.IRouter, guard *auth.Guard, units *rma.Service, creator Creator, log *slog.Logger) {
	a := API{units: units, creator: creator, log: log}
	g := r.Group("/rma-manager/rma")

	// Who: any signed-in user holding a role of this client. The registry answers for any serial
	// because a customer checks a unit before it is tied to their account; the answer holds no
	// customer data.
	g.GET("/verify-serial", guard.SignedIn(), guard.Customer(), httpx.Handler(log, a.verifySerial))

	// Who: any signed-in user holding a role of this client; the RMA belongs to the caller
	// (owner from the token, never from the body).
	g.POST("/create", guard.SignedIn(), guard.Customer(), httpx.Handler(log, a.create))
}

func (a API) verifySerial(c *gin.Context) error {
	serial, err := rma.ParseSerial(c.Query("serial"))
	if err != nil {
		return err
	}
	v, err := a.units.VerifySerial(c.Request.Context(), serial)
	if err != nil {
		return err
	}
	c.JSON(http.StatusOK, toUnitResponse(v))
	return nil
}

// UnitResponse is the Unit of spec §3 plus the two answers the browser would otherwise have to
// work out itself: whether a new RMA may be opened and which card to show.
type UnitResponse struct {
	Serial            string   `json:"serial"`
	Model             string   `json:"model"`
	ModelFamily       string   `json:"modelFamily"`
	PN                string   `json:"pn"`
	ProductType       string   `json:"productType"`
	IW                bool     `json:"iw"`
	AllowOOW          bool     `json:"allowOow"`
	AllowedRepairType []string `json:"allowedRepairType"`
	RMAExists         bool     `json:"rmaExists"`
	EndDeviceWarranty *string  `json:"endDeviceWarranty"`
	WarrantyType      string   `json:"warrantyType"`
	IsEOS             bool     `json:"isEOS"`
	ValidForNewRMA    bool     `json:"validForNewRma"`
	CardState         string   `json:"cardState"`
}

func toUnitResponse(v rma.Verification) UnitResponse {
	u := v.Unit
	r := UnitResponse{
		Serial: u.Serial, Model: u.Model, ModelFamily: u.ModelFamily, PN: u.PartNumber,
		ProductType: u.ProductType, IW: v.InWarranty, AllowOOW: u.AllowOOW,
		AllowedRepairType: u.AllowedRepairTypes, RMAExists: u.RMAExists(),
		WarrantyType: u.WarrantyType, IsEOS: u.EndOfService,
		ValidForNewRMA: v.ValidForNewRMA, CardState: string(v.CardState),
	}
	if r.AllowedRepairType == nil {
		r.AllowedRepairType = []string{}
	}
	if u.WarrantyEnd != nil {
		d := u.WarrantyEnd.Format("2006-01-02")
		r.EndDeviceWarranty = &d
	}
	return r
}
