package shipping

import (
	"context"
	"fmt"
	"regexp"
	"time"

	"gocloud.dev/blob"

	"rugged.example/portal/api/pkg/validate"
)

// MaxBoxUnits is the most units one batch's documents list: a batch has at most 1,000 rows.
const MaxBoxUnits = 1000

// maxModel is the widest model name a packing list prints (the RMA's column).
const maxModel = 30

// DefaultUnitValueCents is the customs value a box's commercial invoice declares for each unit
// when the request names none: USD 100, what one RMA's invoice declares for its unit.
const DefaultUnitValueCents = 100_00

// boxOrigin is the country of origin a box's invoice declares: the maker's units.
const boxOrigin = "US"

// batchIDPattern is an RMA batch id: "BT-" and 8 characters of Crockford base32 in upper case
// (no I, L, O or U), as api/batch issues them.
var batchIDPattern = regexp.MustCompile(`^BT-[0-9A-HJKMNP-TV-Z]{8}$`)

// BoxUnit is one unit packed in a box: its serial, model and the RMA it returns under.
type BoxUnit struct {
	Serial    string
	Model     string
	RMANumber string
}

// Box is box Number of Of of a batch and the units packed in it, in packing-list order.
type Box struct {
	Number int
	Of     int
	Units  []BoxUnit
}

// BoxesRequest asks for the documents of an RMA batch's boxes.
type BoxesRequest struct {
	// Owner is the subject of the user who submitted the batch: only they may open the PDF
	// (OpenDocument); the batch service serves it to the owner's organization after its own
	// visibility check.
	Owner   string
	BatchID string
	// From and Contact are the batch's return address and contact: every box's ship-from.
	From    Address
	Contact Contact
	// Boxes are numbered 1 to len(Boxes), in order, each Of len(Boxes).
	Boxes []Box
	// Labels books one shipment per box and prints its label (the customer's own boxes);
	// false prints the packing lists only and books nothing (the depot sends the boxes).
	Labels bool
	// UnitValueCents is the customs value of one unit in US cents, declared on each box's
	// commercial invoice when labelled boxes cross a border; 0 selects DefaultUnitValueCents.
	UnitValueCents int64
}

// BoxDocuments is what IssueBoxDocuments stored.
type BoxDocuments struct {
	// DocumentID is the one PDF: per box its label page (with Labels) then its packing list.
	DocumentID string
	// Tracking maps a box number to its tracking number; empty without labels.
	Tracking  map[int]string
	ExpiresAt time.Time
}

// IssueBoxDocuments books one shipment per box to the depot (with Labels), renders every box's
// label and packing list (and, when the boxes cross a border, its commercial invoice, as one
// RMA's label gets) into one PDF, stores it and records it as a KindBatch document of r.Owner,
// expiring as labels do.
//
// As IssueDocuments: the row joins the transaction ctx carries (so does, on SQLite, each tracking
// number drawn); the PDF is written before the row and deleted if recording it fails here; a
// caller whose transaction rolls back afterwards calls DiscardBoxDocuments.
func (s *Service) IssueBoxDocuments(ctx context.Context, r BoxesRequest) (BoxDocuments, error) {
	if err := validateBoxes(r); err != nil {
		return BoxDocuments{}, err
	}
	issued := s.now().UTC().Truncate(time.Second)
	expires := issued.Add(LabelValidity)
	tracking := make(map[int]string, len(r.Boxes))
	var carrierName string
	if r.Labels {
		for _, b := range r.Boxes {
			booking, err := s.carrier.CreateShipment(ctx, Shipment{
				From: r.From, Contact: r.Contact, To: s.depot, Packaging: PackagingLabel,
				BatchID: r.BatchID, Box: b.Number, Boxes: b.Of, Description: boxDescription(len(b.Units)),
			})
			if err != nil {
				return BoxDocuments{}, fmt.Errorf("shipping: book box %d of %s: %w", b.Number, r.BatchID, err)
			}
			tracking[b.Number] = booking.TrackingNumber
			carrierName = booking.Carrier
		}
	}

	if r.UnitValueCents == 0 {
		r.UnitValueCents = DefaultUnitValueCents
	}
	sheet := boxSheet{
		req: r, depot: s.depot, carrier: carrierName, tracking: tracking,
		invoices: r.Labels && CrossesBorder(r.From, s.depot.Address),
		issued:   issued.In(s.loc), expires: expires.In(s.loc),
	}
	pdf, err := sheet.render()
	if err != nil {
		return BoxDocuments{}, fmt.Errorf("shipping: render box documents of %s: %w", r.BatchID, err)
	}
	doc := Document{ID: newID(), Owner: r.Owner, BatchID: r.BatchID, Kind: KindBatch, IssuedAt: issued, ExpiresAt: expires}
	if err := s.bucket.WriteAll(ctx, BlobKey(doc.ID), pdf, &blob.WriterOptions{ContentType: "application/pdf"}); err != nil {
		return BoxDocuments{}, fmt.Errorf("shipping: store box documents of %s: %w", r.BatchID, err)
	}
	if err := s.store.CreateDocuments(ctx, []Document{doc}); err != nil {
		s.deleteBlobs(ctx, []string{doc.ID})
		return BoxDocuments{}, err
	}
	return BoxDocuments{DocumentID: doc.ID, Tracking: tracking, ExpiresAt: expires}, nil
}

// DiscardBoxDocuments deletes the PDF of docs if it has no row: call it after the transaction
// that issued docs rolled back. A recorded document is left alone, so calling it after a commit
// is harmless.
func (s *Service) DiscardBoxDocuments(ctx context.Context, docs BoxDocuments) error {
	return s.discard(ctx, nonEmpty(docs.DocumentID))
}

// ValidBatchID reports whether id has the shape of an RMA batch id (BT- and 8 characters).
func ValidBatchID(id string) bool { return batchIDPattern.MatchString(id) }

func validateBoxes(r BoxesRequest) error {
	var v validate.Errors
	v.Required("owner", r.Owner)
	if !ValidBatchID(r.BatchID) {
		v.Add("batchId", "Must be BT- and 8 characters")
	}
	ValidateAddress(&v, "address.", r.From)
	validateContact(&v, r.Contact)
	if r.UnitValueCents < 0 {
		v.Add("unitValue", "Must be at least 0")
	}
	if len(r.Boxes) == 0 {
		v.Add("boxes", validate.MsgRequired)
	}
	units := 0
	seenSerial := map[string]bool{}
	seenRMA := map[string]bool{}
	for i, b := range r.Boxes {
		p := fmt.Sprintf("boxes.%d.", i)
		if b.Number != i+1 {
			v.Add(p+"number", fmt.Sprintf("Must be %d", i+1))
		}
		if b.Of != len(r.Boxes) {
			v.Add(p+"of", fmt.Sprintf("Must be %d", len(r.Boxes)))
		}
		if len(b.Units) == 0 {
			v.Add(p+"units", validate.MsgRequired)
		}
		units += len(b.Units)
		if units > MaxBoxUnits {
			// Checking further units of an oversized request says nothing more.
			break
		}
		for j, u := range b.Units {
			q := fmt.Sprintf("%sunits.%d.", p, j)
			v.Required(q+"serial", u.Serial)
			v.MaxLen(q+"serial", u.Serial, maxSerial)
			v.MaxLen(q+"model", u.Model, maxModel)
			v.Required(q+"rmaNumber", u.RMANumber)
			v.MaxLen(q+"rmaNumber", u.RMANumber, maxRMANumber)
			if k := norm(u.Serial); k != "" {
				if seenSerial[k] {
					v.Add(q+"serial", "Must appear once in the batch")
				}
				seenSerial[k] = true
			}
			if k := norm(u.RMANumber); k != "" {
				if seenRMA[k] {
					v.Add(q+"rmaNumber", "Must appear once in the batch")
				}
				seenRMA[k] = true
			}
		}
	}
	if units > MaxBoxUnits {
		v.Add("boxes", fmt.Sprintf("Must hold at most %d units in all", MaxBoxUnits))
	}
	return v.Err()
}

// boxDescription is what a box holds, for the carrier's manifest.
func boxDescription(units int) string {
	if units == 1 {
		return "1 rugged device"
	}
	return fmt.Sprintf("%d rugged devices", units)
}
