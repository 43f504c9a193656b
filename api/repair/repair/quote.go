package repair

import (
	"rugged.example/portal/api/pkg/money"
	"rugged.example/portal/api/rma/rma"
)

// savedQuote is what a quote keeps of a prepared RMA (spec §3 "Saved quote", and the
// packaging): enough to replay the create-RMA flow, never the device credentials. names maps
// the attachments' stored names to the names the customer uploaded them under.
func savedQuote(r rma.RMA, total money.Money, names map[string]string) SavedQuote {
	a, c := r.Address, r.Contact
	return SavedQuote{
		Shipping: QuoteShipping{
			Address: a,
			Contact: QuoteContact{
				FirstName: c.FirstName, LastName: c.LastName, EmailAddress: c.Email, PhoneNumber: c.Phone,
				PhoneCountryCode: c.PhoneCountryCode, CompanyName: c.Company,
			},
		},
		ExternalResource: ExternalResource{Serial: r.Serial, RMAInput: savedRMAInput(r, names), Packaging: r.Packaging},
		Total:            total,
	}
}

// savedRMAInput is the create payload's rmaInput (spec §3) of r, in its JSON names, with the
// Windows and BIOS credentials left empty: the customer gives them again if needed. Beside the
// stored names of the attachments, attachmentNames keeps the names they were uploaded under,
// which the confirm-quote page shows.
func savedRMAInput(r rma.RMA, names map[string]string) map[string]any {
	p, perm, acc := r.Problem, r.Problem.Permissions, r.Problem.Accessories
	attachments := p.Attachments
	if attachments == nil {
		attachments = []string{}
	}
	attachmentNames := make(map[string]any, len(attachments))
	for _, a := range attachments {
		if n, ok := names[a]; ok {
			attachmentNames[a] = n
		}
	}
	var hasData any
	if perm.HasDeviceData != nil {
		hasData = *perm.HasDeviceData
	}
	return map[string]any{
		"rmaType": r.Type, "primaryFault": p.PrimaryFault, "problem": p.Problem, "initialNotes": p.InitialNotes,
		"customerReference": p.CustomerReference, "assetTag": p.AssetTag, "attachments": attachments,
		"attachmentNames": attachmentNames,
		"permissions": map[string]any{
			"reimage": perm.Reimage, "biosFirmware": perm.BIOSFirmware, "userId": "", "userPassword": "", "biosPassword": "",
			"hasDeviceData": hasData, "acknowledgeClickWrapAgreement": perm.AcknowledgeClickWrap,
			"acknowledgeHddBackup": perm.AcknowledgeHDDBackup,
		},
		"acc": map[string]any{"acPower": acc.ACPower, "storage": acc.Storage, "hardCase": acc.HardCase, "battery": acc.Battery},
	}
}

// sameOption reports whether the saved quote priced the option r names, its RMA type, fault and
// problem: its amount is paid for that repair or upgrade and no other (a repair's quote never
// pays an upgrade of the same name).
func sameOption(saved SavedQuote, r rma.RMA) bool {
	in := saved.ExternalResource.RMAInput
	rmaType, _ := in["rmaType"].(string)
	fault, _ := in["primaryFault"].(string)
	problem, _ := in["problem"].(string)
	return rmaType == r.Type && fault == r.Problem.PrimaryFault && problem == r.Problem.Problem
}
