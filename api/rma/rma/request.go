package rma

import (
	"net/mail"
	"strings"

	"github.com/nyaruka/phonenumbers"

	"rugged.example/portal/api/pkg/idempotency"
	"rugged.example/portal/api/pkg/validate"
)

// Limits of spec §9 that the create payload is held to.
const (
	NotesMax       = 1000
	ReferenceMax   = 50
	AssetTagMax    = 20
	CredentialMax  = 50
	NameMax        = 35
	PhoneMax       = 25
	CompanyMax     = 35
	DefaultRMAType = "REPAIR"
	// RMATypeUpgrade is a paid upgrade of a unit (memory, storage, battery, radio modules): its
	// option is one of the model's UPGRADE options, and it is always paid before its label.
	RMATypeUpgrade = "UPGRADE"
	// MsgInvalidPhone is the phone widget's message (spec §5).
	MsgInvalidPhone = "Invalid Format or Number"
	// MsgMustAttachFiles is spec §8's message for a problem step without files.
	MsgMustAttachFiles = "Must Attach Files"
)

// Permissions are what the customer allows or tells the technicians (spec §3).
type Permissions struct {
	Reimage         bool
	BIOSFirmware    bool
	WindowsUser     string
	WindowsPassword string
	BIOSPassword    string
	// HasDeviceData is asked only for VERETOS units; nil means unanswered.
	HasDeviceData        *bool
	AcknowledgeClickWrap bool
	AcknowledgeHDDBackup bool
}

// Accessories are shipped with the unit.
type Accessories struct {
	ACPower, Storage, HardCase, Battery bool
}

// Problem is the problem step.
type Problem struct {
	PrimaryFault      string
	Problem           string
	InitialNotes      string
	CustomerReference string
	AssetTag          string
	Permissions       Permissions
	Accessories       Accessories
	// Attachments are bucket file names of the owner's uploads.
	Attachments []string
}

// Contact is the contact form (spec §3).
type Contact struct {
	FirstName, LastName, Email, Phone, PhoneCountryCode, Company, Position string
}

// Address is where the unit ships from.
type Address struct {
	Line1, Line2, City, State, Country, PostalCode string
}

// Trimmed is c without the spaces around what the customer typed, its country code upper
// case: every form with the shared contact trims it so, before its rules see it.
func (c Contact) Trimmed() Contact {
	t := strings.TrimSpace
	return Contact{
		FirstName: t(c.FirstName), LastName: t(c.LastName), Email: t(c.Email), Phone: t(c.Phone),
		PhoneCountryCode: strings.ToUpper(t(c.PhoneCountryCode)), Company: t(c.Company), Position: t(c.Position),
	}
}

// Trimmed is a without the spaces around what the customer typed, state and country upper case.
func (a Address) Trimmed() Address {
	t := strings.TrimSpace
	return Address{
		Line1: t(a.Line1), Line2: t(a.Line2), City: t(a.City), State: strings.ToUpper(t(a.State)),
		Country: strings.ToUpper(t(a.Country)), PostalCode: t(a.PostalCode),
	}
}

// Packaging is the customer's choice (spec §3); ForgoShipping is always false.
type Packaging struct {
	HavePackaging, RequestBox, ForgoShipping bool
}

// CreateRequest is one submission of the stepper.
type CreateRequest struct {
	// Owner is the signed-in user's subject, taken from the token, never from the body.
	Owner string
	// Org is the signed-in user's organization, from the token too; "" for none.
	Org string
	// OpenedByName is the signed-in user's display name, from the token too: who opened the RMA,
	// as their organization sees it (the contact may be a branch's).
	OpenedByName string
	// IdempotencyKey makes a retried submission return the RMA the first one created.
	IdempotencyKey idempotency.Key
	Serial         string
	RMAType        string
	Problem        Problem
	Contact        Contact
	Address        Address
	Packaging      Packaging
}

// Trim removes surrounding spaces from every string the customer typed, so limits and
// required checks see what will be stored.
func (r *CreateRequest) Trim() {
	t := strings.TrimSpace
	p := &r.Problem
	p.PrimaryFault, p.Problem, p.InitialNotes = t(p.PrimaryFault), t(p.Problem), t(p.InitialNotes)
	p.CustomerReference, p.AssetTag, p.Permissions.WindowsUser = t(p.CustomerReference), t(p.AssetTag), t(p.Permissions.WindowsUser)
	r.Contact, r.Address = r.Contact.Trimmed(), r.Address.Trimmed()
	r.RMAType = strings.ToUpper(t(r.RMAType))
	if r.RMAType == "" {
		r.RMAType = DefaultRMAType
	}
}

// validateProblem applies the problem step's rules of spec §5 for unit u, but the photos'
// (validate asks them of an RMA opened on its own; a batch's rows carry none).
func validateProblem(v *validate.Errors, p Problem, u Unit) {
	v.Required("rmaInput.primaryFault", p.PrimaryFault)
	v.Required("rmaInput.problem", p.Problem)
	v.Required("rmaInput.initialNotes", p.InitialNotes)
	v.MaxLen("rmaInput.initialNotes", p.InitialNotes, NotesMax)
	v.MaxLen("rmaInput.customerReference", p.CustomerReference, ReferenceMax)
	v.MaxLen("rmaInput.assetTag", p.AssetTag, AssetTagMax)
	if !p.Permissions.AcknowledgeHDDBackup {
		v.Add("rmaInput.permissions.acknowledgeHddBackup", validate.MsgRequired)
	}
	if u.ProductType == ProductTypeVeretos {
		// Credentials are hidden for VERETOS units: none may be sent.
		switch {
		case p.Permissions.HasDeviceData == nil:
			v.Add("rmaInput.permissions.hasDeviceData", validate.MsgRequired)
		case *p.Permissions.HasDeviceData && !p.Permissions.AcknowledgeClickWrap:
			v.Add("rmaInput.permissions.acknowledgeClickWrapAgreement", validate.MsgRequired)
		}
		if p.Permissions.WindowsUser != "" || p.Permissions.WindowsPassword != "" || p.Permissions.BIOSPassword != "" {
			v.Add("rmaInput.permissions", "Credentials are not collected for VERETOS units")
		}
	} else {
		v.MaxLen("rmaInput.permissions.userId", p.Permissions.WindowsUser, CredentialMax)
		v.MaxLen("rmaInput.permissions.userPassword", p.Permissions.WindowsPassword, CredentialMax)
		v.MaxLen("rmaInput.permissions.biosPassword", p.Permissions.BIOSPassword, CredentialMax)
	}
}

// MsgNoUpgradeCredentials refuses device credentials on an upgrade: the technicians fit parts
// and never need to sign in to the unit, so a password is not collected.
const MsgNoUpgradeCredentials = "Credentials are not collected for upgrades"

// validateUpgrade applies an upgrade's rules: the category (primaryFault) and the option
// (problem) are required (that they are the model's UPGRADE options is optionPrice's check), the
// notes are optional within spec §9's limits, and no fault photos are needed: nothing is broken.
func validateUpgrade(v *validate.Errors, p Problem) {
	v.Required("rmaInput.primaryFault", p.PrimaryFault)
	v.Required("rmaInput.problem", p.Problem)
	v.MaxLen("rmaInput.initialNotes", p.InitialNotes, NotesMax)
	v.MaxLen("rmaInput.customerReference", p.CustomerReference, ReferenceMax)
	v.MaxLen("rmaInput.assetTag", p.AssetTag, AssetTagMax)
	if p.Permissions.WindowsUser != "" || p.Permissions.WindowsPassword != "" || p.Permissions.BIOSPassword != "" {
		v.Add("rmaInput.permissions", MsgNoUpgradeCredentials)
	}
}

// ValidateContact applies the contact form's rules of spec §5; prefix names the fields
// ("contact." in the create payload).
func ValidateContact(v *validate.Errors, prefix string, c Contact) {
	v.Required(prefix+"firstName", c.FirstName)
	v.MaxLen(prefix+"firstName", c.FirstName, NameMax)
	v.Required(prefix+"lastName", c.LastName)
	v.MaxLen(prefix+"lastName", c.LastName, NameMax)
	v.Required(prefix+"email", c.Email)
	if c.Email != "" && !validEmail(c.Email) {
		v.Add(prefix+"email", validate.MsgEmail)
	}
	v.Required(prefix+"phone", c.Phone)
	v.MaxLen(prefix+"phone", c.Phone, PhoneMax)
	if c.Phone != "" && !validPhone(c.Phone, c.PhoneCountryCode) {
		v.Add(prefix+"phone", MsgInvalidPhone)
	}
	v.MaxLen(prefix+"company", c.Company, CompanyMax)
	v.MaxLen(prefix+"position", c.Position, CompanyMax)
}

func validEmail(s string) bool {
	a, err := mail.ParseAddress(s)
	if err != nil || a.Address != s {
		return false
	}
	_, domain, _ := strings.Cut(s, "@")
	return strings.Contains(domain, ".") && !strings.HasSuffix(domain, ".")
}

// validPhone accepts what the phone widget accepts: a number valid for its country (default
// US), given in international or national form.
func validPhone(phone, country string) bool {
	if country == "" {
		country = "US"
	}
	n, err := phonenumbers.Parse(phone, country)
	return err == nil && phonenumbers.IsValidNumber(n)
}
