package accountapi

import (
	"fmt"
	"net/http"
	"strings"
	"time"

	"github.com/gin-gonic/gin"

	"rugged.example/portal/api/account/account"
	"rugged.example/portal/api/pkg/auth"
	"rugged.example/portal/api/pkg/fault"
	"rugged.example/portal/api/pkg/httpx"
	"rugged.example/portal/api/rma/rmajson"
)

// maxBody bounds what a settings call reads (httpx.DecodeJSON): its forms are a few hundred
// bytes.
const maxBody = 64 << 10

func accessToken(c *gin.Context) string {
	token, _ := auth.BearerToken(c.GetHeader("Authorization"))
	return token
}

func (a API) user(c *gin.Context) error {
	p, err := a.svc.Profile(c.Request.Context(), principal(c), accessToken(c))
	if err != nil {
		return err
	}
	c.Header("Cache-Control", "no-store")
	c.JSON(http.StatusOK, p)
	return nil
}

// UserRequest is the account-settings form.
type UserRequest struct {
	FirstName        string          `json:"firstName"`
	LastName         string          `json:"lastName"`
	Phone            string          `json:"phone"`
	PhoneCountryCode string          `json:"phoneCountryCode"`
	Company          string          `json:"company"`
	Position         string          `json:"position"`
	Address          rmajson.Address `json:"address"`
}

func (a API) saveUser(c *gin.Context) error {
	var req UserRequest
	if err := httpx.DecodeJSON(c, maxBody, &req); err != nil {
		return err
	}
	p, err := a.svc.SaveProfile(c.Request.Context(), principal(c), accessToken(c), account.ProfileUpdate{
		FirstName: req.FirstName, LastName: req.LastName, Phone: req.Phone, PhoneCountryCode: req.PhoneCountryCode,
		Company: req.Company, Position: req.Position, Address: req.Address.Domain(),
	})
	if err != nil {
		return err
	}
	c.Header("Cache-Control", "no-store")
	c.JSON(http.StatusOK, p)
	return nil
}

// BranchContactJSON is who to ask at a branch.
type BranchContactJSON struct {
	FirstName        string `json:"firstName"`
	LastName         string `json:"lastName"`
	Email            string `json:"email"`
	Phone            string `json:"phone"`
	PhoneCountryCode string `json:"phoneCountryCode"`
}

// BranchJSON is one branch.
type BranchJSON struct {
	ID      string            `json:"id"`
	Name    string            `json:"name"`
	Address rmajson.Address   `json:"address"`
	Contact BranchContactJSON `json:"contact"`
}

// BranchRequest adds or changes a branch.
type BranchRequest struct {
	Name    string            `json:"name"`
	Address rmajson.Address   `json:"address"`
	Contact BranchContactJSON `json:"contact"`
}

// BranchesResponse is the organization's branches.
type BranchesResponse struct {
	Organization string       `json:"organization"`
	Branches     []BranchJSON `json:"branches"`
}

func toBranchJSON(b account.Branch) BranchJSON {
	c := b.Contact
	return BranchJSON{
		ID: b.ID, Name: b.Name, Address: rmajson.AddressOf(b.Address),
		Contact: BranchContactJSON{FirstName: c.FirstName, LastName: c.LastName, Email: c.Email, Phone: c.Phone, PhoneCountryCode: c.PhoneCountryCode},
	}
}

func (r BranchRequest) input() account.BranchInput {
	c := r.Contact
	return account.BranchInput{
		Name: r.Name, Address: r.Address.Domain(),
		Contact: account.BranchContact{FirstName: c.FirstName, LastName: c.LastName, Email: c.Email, Phone: c.Phone, PhoneCountryCode: c.PhoneCountryCode},
	}
}

func (a API) branches(c *gin.Context) error {
	org, bs, err := a.svc.Branches(c.Request.Context(), principal(c))
	if err != nil {
		return err
	}
	out := BranchesResponse{Organization: org, Branches: make([]BranchJSON, 0, len(bs))}
	for _, b := range bs {
		out.Branches = append(out.Branches, toBranchJSON(b))
	}
	c.Header("Cache-Control", "no-store")
	c.JSON(http.StatusOK, out)
	return nil
}

// branchRequest reads the body after the organization check, so a user outside any
// organization learns 403 whatever they send.
func (a API) branchRequest(c *gin.Context) (account.BranchInput, error) {
	if principal(c).Org == "" {
		return account.BranchInput{}, account.ErrNoOrganization
	}
	var req BranchRequest
	if err := httpx.DecodeJSON(c, maxBody, &req); err != nil {
		return account.BranchInput{}, err
	}
	return req.input(), nil
}

func (a API) addBranch(c *gin.Context) error {
	in, err := a.branchRequest(c)
	if err != nil {
		return err
	}
	b, err := a.svc.AddBranch(c.Request.Context(), principal(c), in)
	if err != nil {
		return err
	}
	c.JSON(http.StatusCreated, toBranchJSON(b))
	return nil
}

func (a API) updateBranch(c *gin.Context) error {
	in, err := a.branchRequest(c)
	if err != nil {
		return err
	}
	b, err := a.svc.UpdateBranch(c.Request.Context(), principal(c), c.Param("id"), in)
	if err != nil {
		return err
	}
	c.JSON(http.StatusOK, toBranchJSON(b))
	return nil
}

func (a API) deleteBranch(c *gin.Context) error {
	if err := a.svc.DeleteBranch(c.Request.Context(), principal(c), c.Param("id")); err != nil {
		return err
	}
	c.Status(http.StatusNoContent)
	return nil
}

// dateLayout is how calendar dates travel: "2026-01-31".
const dateLayout = time.DateOnly

// MsgDate is the message of a purchase date that is not a calendar date.
const MsgDate = "Must be a date (YYYY-MM-DD)"

// WarrantyJSON is a registered unit's warranty state today.
type WarrantyJSON struct {
	IW                bool    `json:"iw"`
	EndDeviceWarranty *string `json:"endDeviceWarranty"`
	IsEOS             bool    `json:"isEOS"`
}

// ProofJSON names the proof of purchase.
type ProofJSON struct {
	FileName string `json:"fileName"`
}

// RegistrationJSON is one registered unit.
type RegistrationJSON struct {
	Serial          string       `json:"serial"`
	Model           string       `json:"model"`
	ModelFamily     string       `json:"modelFamily"`
	PurchaseDate    string       `json:"purchaseDate"`
	RegisteredAt    string       `json:"registeredAt"`
	Mine            bool         `json:"mine"`
	Warranty        WarrantyJSON `json:"warranty"`
	ProofOfPurchase ProofJSON    `json:"proofOfPurchase"`
}

// RegistrationsResponse lists registered units.
type RegistrationsResponse struct {
	Items []RegistrationJSON `json:"items"`
}

// RegisterRequest registers a unit.
type RegisterRequest struct {
	Serial       string `json:"serial"`
	PurchaseDate string `json:"purchaseDate"`
	ProofFileID  string `json:"proofFileId"`
}

func (a API) toRegistration(v account.Viewer, r account.Registration) RegistrationJSON {
	u := r.Unit
	out := RegistrationJSON{
		Serial: r.Serial, Model: u.Model, ModelFamily: u.ModelFamily, PurchaseDate: r.PurchaseDate.UTC().Format(dateLayout),
		RegisteredAt: rfc3339(r.RegisteredAt), Mine: r.Mine(v),
		Warranty:        WarrantyJSON{IW: u.InWarranty(a.svc.Now()), IsEOS: u.EndOfService},
		ProofOfPurchase: ProofJSON{FileName: r.ProofFileName},
	}
	if u.WarrantyEnd != nil {
		d := u.WarrantyEnd.UTC().Format(dateLayout)
		out.Warranty.EndDeviceWarranty = &d
	}
	return out
}

func (a API) registrations(c *gin.Context) error {
	v := viewer(c)
	regs, err := a.svc.Registrations(c.Request.Context(), v)
	if err != nil {
		return err
	}
	out := RegistrationsResponse{Items: make([]RegistrationJSON, 0, len(regs))}
	for _, r := range regs {
		out.Items = append(out.Items, a.toRegistration(v, r))
	}
	c.Header("Cache-Control", "no-store")
	c.JSON(http.StatusOK, out)
	return nil
}

func (a API) register(c *gin.Context) error {
	var req RegisterRequest
	if err := httpx.DecodeJSON(c, maxBody, &req); err != nil {
		return err
	}
	var purchased time.Time
	if s := strings.TrimSpace(req.PurchaseDate); s != "" {
		d, err := time.Parse(dateLayout, s)
		if err != nil {
			return fault.Validation(map[string]string{"purchaseDate": MsgDate})
		}
		purchased = d
	}
	v := viewer(c)
	r, err := a.svc.Register(c.Request.Context(), v, req.Serial, purchased, req.ProofFileID)
	if err != nil {
		return err
	}
	c.JSON(http.StatusCreated, a.toRegistration(v, r))
	return nil
}

// DriverJSON is one download.
type DriverJSON struct {
	ID           string `json:"id"`
	Name         string `json:"name"`
	Category     string `json:"category"`
	OS           string `json:"os"`
	Version      string `json:"version"`
	ReleaseDate  string `json:"releaseDate"`
	ReleaseNotes string `json:"releaseNotes"`
	FileName     string `json:"fileName"`
	Size         int64  `json:"size"`
	SHA256       string `json:"sha256"`
	DownloadURL  string `json:"downloadUrl"`
}

// ModelDriversJSON are one model's downloads.
type ModelDriversJSON struct {
	Model       string       `json:"model"`
	ModelFamily string       `json:"modelFamily"`
	Drivers     []DriverJSON `json:"drivers"`
}

// DriversResponse lists the downloads of the caller's models.
type DriversResponse struct {
	Models []ModelDriversJSON `json:"models"`
}

// DriverDownloadPath is where driver id is downloaded.
func DriverDownloadPath(id string) string { return DriversPath + "/" + id + "/download" }

func (a API) drivers(c *gin.Context) error {
	models, err := a.svc.Drivers(c.Request.Context(), viewer(c))
	if err != nil {
		return err
	}
	out := DriversResponse{Models: make([]ModelDriversJSON, 0, len(models))}
	for _, m := range models {
		md := ModelDriversJSON{Model: m.Model, ModelFamily: m.ModelFamily, Drivers: make([]DriverJSON, 0, len(m.Drivers))}
		for _, d := range m.Drivers {
			md.Drivers = append(md.Drivers, DriverJSON{
				ID: d.ID, Name: d.Name, Category: d.Category, OS: d.OS, Version: d.Version,
				ReleaseDate: d.ReleaseDate.UTC().Format(dateLayout), ReleaseNotes: d.ReleaseNotes, FileName: d.FileName,
				Size: d.Size, SHA256: d.SHA256, DownloadURL: DriverDownloadPath(d.ID),
			})
		}
		out.Models = append(out.Models, md)
	}
	c.Header("Cache-Control", "no-store")
	c.JSON(http.StatusOK, out)
	return nil
}

func (a API) downloadDriver(c *gin.Context) error {
	d, body, err := a.svc.OpenDriver(c.Request.Context(), c.Param("id"))
	if err != nil {
		return err
	}
	defer body.Close()
	contentType := "application/octet-stream"
	if strings.HasSuffix(strings.ToLower(d.FileName), ".zip") {
		contentType = "application/zip"
	}
	c.Header("Content-Disposition", fmt.Sprintf(`attachment; filename="%s"`, strings.ReplaceAll(d.FileName, `"`, "")))
	c.Header("X-Checksum-SHA256", d.SHA256)
	c.DataFromReader(http.StatusOK, d.Size, contentType, body, nil)
	return nil
}
