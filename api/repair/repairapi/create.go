package repairapi

import (
	"net/http"

	"github.com/gin-gonic/gin"

	"rugged.example/portal/api/pkg/auth"
	"rugged.example/portal/api/pkg/httpx"
	"rugged.example/portal/api/pkg/idempotency"
	"rugged.example/portal/api/rma/rma"
	"rugged.example/portal/api/rma/rmajson"
	"rugged.example/portal/api/shipping/shippingapi"
)

// maxCreateBody bounds the JSON of one submission (notes are 1000 characters; the rest is small).
const maxCreateBody = 64 << 10

// maxSmallBody bounds the JSON of a request that names an RMA.
const maxSmallBody = 4 << 10

// createRequest is the create-RMA payload of spec §3.
type createRequest struct {
	Serial   string `json:"serial"`
	RMAInput struct {
		RMAType      string `json:"rmaType"`
		PrimaryFault string `json:"primaryFault"`
		Problem      string `json:"problem"`
		// No price: the server prices the problem itself, and an old browser's problemPrice is
		// an unknown field the decoder skips.
		InitialNotes string `json:"initialNotes"`
		Permissions  struct {
			Reimage                       bool   `json:"reimage"`
			BIOSFirmware                  bool   `json:"biosFirmware"`
			UserID                        string `json:"userId"`
			UserPassword                  string `json:"userPassword"`
			BIOSPassword                  string `json:"biosPassword"`
			HasDeviceData                 *bool  `json:"hasDeviceData"`
			AcknowledgeClickWrapAgreement bool   `json:"acknowledgeClickWrapAgreement"`
			AcknowledgeHDDBackup          bool   `json:"acknowledgeHddBackup"`
		} `json:"permissions"`
		Acc struct {
			ACPower  bool `json:"acPower"`
			Storage  bool `json:"storage"`
			HardCase bool `json:"hardCase"`
			Battery  bool `json:"battery"`
		} `json:"acc"`
		CustomerReference string   `json:"customerReference"`
		AssetTag          string   `json:"assetTag"`
		Attachments       []string `json:"attachments"`
	} `json:"rmaInput"`
	Address   rmajson.Address `json:"address"`
	Contact   rmajson.Contact `json:"contact"`
	Packaging packagingDTO    `json:"packaging"`
}

type packagingDTO struct {
	HavePackaging bool `json:"havePackaging"`
	RequestBox    bool `json:"requestBox"`
	ForgoShipping bool `json:"forgoShipping"`
}

// createResponse is spec §3's create response; paymentUrl and quoteId belong to the
// out-of-warranty path.
type createResponse struct {
	RMANumber         string  `json:"rmaNumber"`
	Label             *string `json:"label"`
	CommercialInvoice *string `json:"commercialInvoice"`
	ShippingError     *string `json:"shippingError"`
}

func (a API) create(c *gin.Context) error {
	p, _ := auth.PrincipalFrom(c.Request.Context())
	var body createRequest
	if err := httpx.DecodeJSON(c, maxCreateBody, &body); err != nil {
		return err
	}
	key, err := httpx.IdempotencyKey(c)
	if err != nil {
		return err
	}
	created, err := a.creator.Create(c.Request.Context(), toCreateRequest(p, key, body))
	if err != nil {
		return err
	}
	c.JSON(http.StatusOK, toCreateResponse(created.RMA))
	return nil
}

// toCreateRequest takes the owner, organization and opener's name from the caller's verified
// token, never from the body.
func toCreateRequest(p auth.Principal, key idempotency.Key, b createRequest) rma.CreateRequest {
	in, perm := b.RMAInput, b.RMAInput.Permissions
	return rma.CreateRequest{
		Owner: p.Subject, Org: p.Org, OpenedByName: p.DisplayName(), IdempotencyKey: key, Serial: b.Serial, RMAType: in.RMAType,
		Problem: rma.Problem{
			PrimaryFault: in.PrimaryFault, Problem: in.Problem, InitialNotes: in.InitialNotes,
			CustomerReference: in.CustomerReference, AssetTag: in.AssetTag, Attachments: in.Attachments,
			Permissions: rma.Permissions{
				Reimage: perm.Reimage, BIOSFirmware: perm.BIOSFirmware, WindowsUser: perm.UserID,
				WindowsPassword: perm.UserPassword, BIOSPassword: perm.BIOSPassword, HasDeviceData: perm.HasDeviceData,
				AcknowledgeClickWrap: perm.AcknowledgeClickWrapAgreement, AcknowledgeHDDBackup: perm.AcknowledgeHDDBackup,
			},
			Accessories: rma.Accessories{ACPower: in.Acc.ACPower, Storage: in.Acc.Storage, HardCase: in.Acc.HardCase, Battery: in.Acc.Battery},
		},
		Contact:   b.Contact.Domain(),
		Address:   b.Address.Domain(),
		Packaging: toPackaging(b.Packaging),
	}
}

func toPackaging(p packagingDTO) rma.Packaging {
	return rma.Packaging{HavePackaging: p.HavePackaging, RequestBox: p.RequestBox, ForgoShipping: p.ForgoShipping}
}

func toPackagingDTO(p rma.Packaging) packagingDTO {
	return packagingDTO{HavePackaging: p.HavePackaging, RequestBox: p.RequestBox, ForgoShipping: p.ForgoShipping}
}

func toCreateResponse(r rma.RMA) createResponse {
	resp := createResponse{RMANumber: r.Number}
	if r.LabelID != "" {
		l := shippingapi.DocumentPath(r.LabelID)
		resp.Label = &l
	}
	if r.InvoiceID != "" {
		i := shippingapi.DocumentPath(r.InvoiceID)
		resp.CommercialInvoice = &i
	}
	if r.ShippingError != "" {
		e := r.ShippingError
		resp.ShippingError = &e
	}
	return resp
}
