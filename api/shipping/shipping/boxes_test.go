package shipping_test

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
	"gocloud.dev/blob/memblob"

	"rugged.example/portal/api/pkg/fault"
	"rugged.example/portal/api/pkg/testkit"
	"rugged.example/portal/api/shipping/shipping"
	"rugged.example/portal/api/shipping/shippingtest"
)

const batchID = "BT-7K2M9Q4X"

// pages extracts the text of each page of pdf (pdftotext separates pages with a form feed).
func pages(t *testing.T, pdf []byte) []string {
	t.Helper()
	out := strings.Split(pdfText(t, pdf), "\f")
	if last := len(out) - 1; strings.TrimSpace(out[last]) == "" {
		out = out[:last]
	}
	return out
}

// pageBarcodes renders each page of pdf and decodes its barcodes, one sorted list a page.
func pageBarcodes(t *testing.T, pdf []byte) [][]string {
	t.Helper()
	pdftoppm, zbarimg := tool(t, "pdftoppm", "poppler-utils"), tool(t, "zbarimg", "zbar-tools")
	dir := t.TempDir()
	in := filepath.Join(dir, "doc.pdf")
	require.NoError(t, os.WriteFile(in, pdf, 0o600))
	out, err := exec.Command(pdftoppm, "-r", "150", "-png", in, filepath.Join(dir, "page")).CombinedOutput()
	require.NoError(t, err, string(out))
	files, err := filepath.Glob(filepath.Join(dir, "page*.png"))
	require.NoError(t, err)
	sort.Strings(files) // pdftoppm pads the page numbers to one width
	symbols := make([][]string, len(files))
	for i, p := range files {
		out, err := exec.Command(zbarimg, "-q", p).Output()
		if ee, ok := err.(*exec.ExitError); ok && ee.ExitCode() == 4 {
			continue // no symbol on this page
		}
		require.NoError(t, err)
		for l := range strings.SplitSeq(strings.TrimSpace(string(out)), "\n") {
			symbols[i] = append(symbols[i], l)
		}
		sort.Strings(symbols[i])
	}
	return symbols
}

func openBoxes(t *testing.T, f *shippingtest.Fixture, owner string, docs shipping.BoxDocuments) (shipping.Document, []byte) {
	t.Helper()
	got, err := f.Service.OpenDocument(t.Context(), owner, docs.DocumentID)
	require.NoError(t, err)
	defer got.Body.Close()
	b, err := io.ReadAll(got.Body)
	require.NoError(t, err)
	return got.Document, b
}

func TestIssueBoxDocuments_EachBoxHasItsLabelThenItsPackingList(t *testing.T) {
	f := shippingtest.NewService(t, issuedAt)
	req := shippingtest.BoxesRequest("olivia", batchID, 23, 10, true)
	docs, err := f.Service.IssueBoxDocuments(t.Context(), req)
	require.NoError(t, err)
	require.Equal(t, map[int]string{1: "TEST000001", 2: "TEST000002", 3: "TEST000003"}, docs.Tracking)
	require.Equal(t, issuedAt.Add(30*24*time.Hour), docs.ExpiresAt)

	doc, pdf := openBoxes(t, f, "olivia", docs)
	require.Equal(t, shipping.KindBatch, doc.Kind)
	require.Equal(t, batchID, doc.BatchID)
	require.Empty(t, doc.RMANumber)
	require.Equal(t, "BT-7K2M9Q4X-labels.pdf", doc.FileName())

	text := pages(t, pdf)
	require.Len(t, text, 6, "a label page and a packing list page per box")
	for i, box := range req.Boxes {
		label, list := text[2*i], text[2*i+1]
		boxOf := fmt.Sprintf("Box %d of 3", box.Number)
		trk := docs.Tracking[box.Number]
		for _, want := range []string{
			"RETURN LABEL", boxOf, "Reference: batch " + batchID, "TRACKING # " + trk,
			fmt.Sprintf("Contents: %d rugged devices", len(box.Units)),
			"Olivia Reyes", "FleetCo Utilities", "600 Congress Ave", "Austin, TX 78701",
			"Rugged Devices Service Depot", "Round Rock, TX 78681", "Issued Nov 22 2026", "Valid until Dec 22 2026",
		} {
			require.Contains(t, label, want, "label of box %d", box.Number)
		}
		for _, want := range []string{
			"PACKING LIST", boxOf, "Batch " + batchID, "Tracking # " + trk, "Olivia Reyes", "600 Congress Ave",
			fmt.Sprintf("Units in this box: %d", len(box.Units)),
		} {
			require.Contains(t, list, want, "packing list of box %d", box.Number)
		}
		for _, u := range box.Units {
			require.Regexp(t, u.Serial+` +RT10 +`+u.RMANumber, list, "one line per unit: serial, model, RMA number")
		}
		for _, other := range req.Boxes {
			if other.Number != box.Number {
				require.NotContains(t, list, other.Units[0].Serial, "box %d lists only its own units", box.Number)
			}
		}
	}
	require.Contains(t, text[5], "Units in this box: 3")

	codes := pageBarcodes(t, pdf)
	require.Len(t, codes, 6)
	for i := range req.Boxes {
		require.Equal(t, []string{"CODE-128:" + docs.Tracking[i+1]}, codes[2*i], "the label's barcode is its box's tracking number")
		require.Empty(t, codes[2*i+1], "a packing list has no barcode")
	}

	require.Len(t, f.Carrier.Shipments, 3, "one booking per box")
	for i, sh := range f.Carrier.Shipments {
		require.Equal(t, batchID, sh.BatchID)
		require.Equal(t, i+1, sh.Box)
		require.Equal(t, 3, sh.Boxes)
		require.Empty(t, sh.RMANumber)
		require.Equal(t, shipping.DefaultDepot(), sh.To)
		require.Equal(t, shippingtest.Address(), sh.From)
		require.Equal(t, "Olivia Reyes", sh.Contact.Name)
		require.Equal(t, shipping.PackagingLabel, sh.Packaging)
	}
	require.Equal(t, "3 rugged devices", f.Carrier.Shipments[2].Description)

	stored := f.Store.Documents()
	require.Len(t, stored, 1, "one PDF, one row")
	require.Equal(t, shipping.Document{
		ID: docs.DocumentID, Owner: "olivia", BatchID: batchID, Kind: shipping.KindBatch,
		IssuedAt: issuedAt, ExpiresAt: docs.ExpiresAt,
	}, stored[0])
}

func TestIssueBoxDocuments_WithoutLabelsPrintsPackingListsAndBooksNothing(t *testing.T) {
	f := shippingtest.NewService(t, issuedAt)
	req := shippingtest.BoxesRequest("olivia", batchID, 5, 2, false)
	docs, err := f.Service.IssueBoxDocuments(t.Context(), req)
	require.NoError(t, err)
	require.Empty(t, docs.Tracking)
	require.Empty(t, f.Carrier.Shipments, "the depot sends the boxes: nothing is booked")

	_, pdf := openBoxes(t, f, "olivia", docs)
	text := pages(t, pdf)
	require.Len(t, text, 3, "a packing list per box")
	for i, page := range text {
		require.Contains(t, page, "PACKING LIST")
		require.Contains(t, page, fmt.Sprintf("Box %d of 3", i+1))
		require.NotContains(t, page, "RETURN LABEL")
		require.NotContains(t, page, "Tracking #")
		require.Contains(t, page, "boxes the depot sends you")
		for _, u := range req.Boxes[i].Units {
			require.Contains(t, page, u.Serial)
			require.Contains(t, page, u.RMANumber)
		}
	}
	require.Equal(t, [][]string{nil, nil, nil}, pageBarcodes(t, pdf))
}

// A long box's packing list and invoice run over pages, each page naming its box, every unit
// listed once.
func TestIssueBoxDocuments_ALongBoxRunsOverPagesThatNameTheBox(t *testing.T) {
	f := shippingtest.NewService(t, issuedAt)
	req := shippingtest.BoxesRequest("olivia", batchID, 125, 120, true)
	req.From = canadian().From
	docs, err := f.Service.IssueBoxDocuments(t.Context(), req)
	require.NoError(t, err)
	_, pdf := openBoxes(t, f, "olivia", docs)
	text := pages(t, pdf)
	var kinds []string
	for _, p := range text {
		switch {
		case strings.Contains(p, "RETURN LABEL"):
			kinds = append(kinds, "label")
		case strings.Contains(p, "PACKING LIST"):
			kinds = append(kinds, "list")
		case strings.Contains(p, "COMMERCIAL INVOICE"):
			kinds = append(kinds, "invoice")
		}
	}
	require.Equal(t, []string{
		"label", "list", "list", "list", "list", "invoice", "invoice", "invoice", "invoice",
		"label", "list", "invoice",
	}, kinds, "120 units run over four pages each, 5 fit on one")
	for i, p := range text {
		box := map[bool]string{true: "Box 1 of 2", false: "Box 2 of 2"}[i < 9]
		if kinds[i] == "invoice" {
			box = map[bool]string{true: "CI-" + batchID + "-1", false: "CI-" + batchID + "-2"}[i < 9]
		}
		require.Contains(t, p, box, "page %d names its box", i+1)
	}
	for _, span := range [][2]int{{1, 5}, {5, 9}} {
		part := strings.Join(text[span[0]:span[1]], "\n")
		for _, u := range req.Boxes[0].Units {
			require.Equal(t, 1, strings.Count(part, u.Serial+" "), "%s once", u.Serial)
			require.Contains(t, part, u.RMANumber)
		}
	}
	require.Contains(t, text[4], "Units in this box: 120")
	require.Contains(t, text[8], "Total declared value: USD 12,000.00.")
	codes := pageBarcodes(t, pdf)
	require.Equal(t, []string{"CODE-128:TEST000001"}, codes[0])
	require.Equal(t, []string{"CODE-128:TEST000001"}, codes[8], "the invoice's barcode ends its last page")
}

func TestIssueBoxDocuments_AnotherOwnerCannotOpenThePDF(t *testing.T) {
	f := shippingtest.NewService(t, issuedAt)
	docs, err := f.Service.IssueBoxDocuments(t.Context(), shippingtest.BoxesRequest("olivia", batchID, 3, 2, true))
	require.NoError(t, err)
	for _, owner := range []string{"diego", ""} {
		_, err = f.Service.OpenDocument(t.Context(), owner, docs.DocumentID)
		require.ErrorIs(t, err, shipping.ErrDocumentNotFound)
	}
	f.Now = docs.ExpiresAt.Add(time.Second)
	_, err = f.Service.OpenDocument(t.Context(), "olivia", docs.DocumentID)
	require.ErrorIs(t, err, shipping.ErrDocumentExpired, "the labels expire as one RMA's do")
}

func TestIssueBoxDocuments_RejectsInvalidRequests(t *testing.T) {
	tests := []struct {
		name   string
		change func(*shipping.BoxesRequest)
		fields map[string]string
	}{
		{"no owner, malformed batch id", func(r *shipping.BoxesRequest) { r.Owner, r.BatchID = "", "BT-7K2M9Q4" },
			map[string]string{"owner": "Required", "batchId": "Must be BT- and 8 characters"}},
		{"batch id with a letter Crockford leaves out", func(r *shipping.BoxesRequest) { r.BatchID = "BT-7K2M9Q4U" },
			map[string]string{"batchId": "Must be BT- and 8 characters"}},
		{"lower-case batch id", func(r *shipping.BoxesRequest) { r.BatchID = "bt-7k2m9q4x" },
			map[string]string{"batchId": "Must be BT- and 8 characters"}},
		{"missing address and contact", func(r *shipping.BoxesRequest) {
			r.From, r.Contact = shipping.Address{Country: "US"}, shipping.Contact{}
		}, map[string]string{
			"address.line1": "Required", "address.city": "Required", "address.state": "Required",
			"address.postalCode": "Required", "contact.name": "Required",
		}},
		{"long contact fields", func(r *shipping.BoxesRequest) {
			r.Contact.Company, r.Contact.Phone = strings.Repeat("c", 36), strings.Repeat("1", 26)
		}, map[string]string{"contact.company": "Must be less than 36 characters", "contact.phone": "Must be less than 26 characters"}},
		{"no boxes", func(r *shipping.BoxesRequest) { r.Boxes = nil }, map[string]string{"boxes": "Required"}},
		{"an empty box", func(r *shipping.BoxesRequest) { r.Boxes[1].Units = nil }, map[string]string{"boxes.1.units": "Required"}},
		{"boxes out of order and miscounted", func(r *shipping.BoxesRequest) {
			r.Boxes[0].Number, r.Boxes[1].Number, r.Boxes[1].Of = 2, 1, 3
		}, map[string]string{"boxes.0.number": "Must be 1", "boxes.1.number": "Must be 2", "boxes.1.of": "Must be 2"}},
		{"units without serial or RMA number, a long model", func(r *shipping.BoxesRequest) {
			r.Boxes[0].Units[0].Serial, r.Boxes[0].Units[1].RMANumber = " ", ""
			r.Boxes[1].Units[0].Model = strings.Repeat("M", 31)
		}, map[string]string{
			"boxes.0.units.0.serial": "Required", "boxes.0.units.1.rmaNumber": "Required",
			"boxes.1.units.0.model": "Must be less than 31 characters",
		}},
		{"a unit listed twice", func(r *shipping.BoxesRequest) {
			r.Boxes[1].Units[0] = r.Boxes[0].Units[1]
			r.Boxes[1].Units[0].Serial = strings.ToLower(r.Boxes[1].Units[0].Serial)
		}, map[string]string{
			"boxes.1.units.0.serial": "Must appear once in the batch", "boxes.1.units.0.rmaNumber": "Must appear once in the batch",
		}},
		{"a negative customs value", func(r *shipping.BoxesRequest) { r.UnitValueCents = -1 },
			map[string]string{"unitValue": "Must be at least 0"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := shippingtest.NewService(t, issuedAt)
			req := shippingtest.BoxesRequest("olivia", batchID, 3, 2, true)
			tt.change(&req)
			_, err := f.Service.IssueBoxDocuments(t.Context(), req)
			fe, ok := fault.As(err)
			require.True(t, ok, "%v", err)
			require.Equal(t, fault.KindInvalid, fe.Kind)
			require.Equal(t, tt.fields, fe.Fields)
			require.Empty(t, f.Carrier.Shipments, "nothing is booked for an invalid request")
			require.Empty(t, f.Store.Documents())
		})
	}
}

func TestIssueBoxDocuments_AtMostAThousandUnits(t *testing.T) {
	f := shippingtest.NewService(t, issuedAt)
	_, err := f.Service.IssueBoxDocuments(t.Context(), shippingtest.BoxesRequest("olivia", batchID, 1000, 50, false))
	require.NoError(t, err)

	_, err = f.Service.IssueBoxDocuments(t.Context(), shippingtest.BoxesRequest("olivia", batchID, 1001, 50, true))
	fe, ok := fault.As(err)
	require.True(t, ok, "%v", err)
	require.Equal(t, map[string]string{"boxes": "Must hold at most 1000 units in all"}, fe.Fields)
	require.Empty(t, f.Carrier.Shipments)
}

// Labelled boxes that cross a border get a commercial invoice each, as one RMA's label does:
// a line per unit at the declared value, the box's tracking number as a barcode.
func TestIssueBoxDocuments_BoxesFromAnotherCountryCarryACommercialInvoice(t *testing.T) {
	f := shippingtest.NewService(t, issuedAt)
	req := shippingtest.BoxesRequest("olivia", batchID, 12, 10, true)
	req.From = canadian().From
	docs, err := f.Service.IssueBoxDocuments(t.Context(), req)
	require.NoError(t, err)
	_, pdf := openBoxes(t, f, "olivia", docs)
	text := pages(t, pdf)
	require.Len(t, text, 6, "per box a label, a packing list and a commercial invoice")
	for i, box := range req.Boxes {
		label, list, invoice := text[3*i], text[3*i+1], text[3*i+2]
		require.Contains(t, label, "RETURN LABEL")
		require.Contains(t, label, "CANADA")
		require.Contains(t, list, "PACKING LIST")
		boxOf := fmt.Sprintf("Box %d of 2", box.Number)
		for _, want := range []string{
			"COMMERCIAL INVOICE", "RMA batch: " + batchID + ", " + boxOf, "Tracking number: " + docs.Tracking[box.Number],
			"Return for repair — no commercial value", "SHIPPER / EXPORTER", "100 King St W", "Toronto, ON M5X 1A9",
			"CANADA", "olivia@fleetco.example", "CONSIGNEE / IMPORTER", "Rugged Devices Service Depot",
			fmt.Sprintf("Number of packages: 1. Total declared value: USD %s.", map[int]string{1: "1,000.00", 2: "200.00"}[box.Number]),
		} {
			require.Contains(t, invoice, want, "invoice of box %d", box.Number)
		}
		for _, u := range box.Units {
			require.Regexp(t, `Rugged device RT10 +`+u.RMANumber+` +`+u.Serial+` +US +1 +100\.00 +100\.00`, invoice)
		}
	}
	codes := pageBarcodes(t, pdf)
	require.Equal(t, [][]string{
		{"CODE-128:TEST000001"}, nil, {"CODE-128:TEST000001"},
		{"CODE-128:TEST000002"}, nil, {"CODE-128:TEST000002"},
	}, codes)

	req.UnitValueCents = 250_00
	docs, err = f.Service.IssueBoxDocuments(t.Context(), req)
	require.NoError(t, err)
	_, pdf = openBoxes(t, f, "olivia", docs)
	require.Contains(t, pages(t, pdf)[2], "Total declared value: USD 2,500.00.")
}

// Packing lists alone go with no booking and so no invoice: the depot's boxes come with their
// own labels.
func TestIssueBoxDocuments_PackingListsFromAnotherCountryNeedNoInvoice(t *testing.T) {
	f := shippingtest.NewService(t, issuedAt)
	req := shippingtest.BoxesRequest("olivia", batchID, 2, 2, false)
	req.From = canadian().From
	docs, err := f.Service.IssueBoxDocuments(t.Context(), req)
	require.NoError(t, err)
	_, pdf := openBoxes(t, f, "olivia", docs)
	text := pdfText(t, pdf)
	require.Contains(t, text, "CANADA")
	require.NotContains(t, text, "COMMERCIAL INVOICE")
}

func TestIssueBoxDocuments_CarrierRefusalStoresNothing(t *testing.T) {
	f := shippingtest.NewService(t, issuedAt)
	f.Carrier.Err = shipping.ErrShipperAddress
	_, err := f.Service.IssueBoxDocuments(t.Context(), shippingtest.BoxesRequest("olivia", batchID, 3, 2, true))
	require.ErrorIs(t, err, shipping.ErrShipperAddress)
	require.Empty(t, f.Store.Documents())
	require.Empty(t, blobKeys(t, f))
}

func TestIssueBoxDocuments_DeletesThePDFWhenRecordingItFails(t *testing.T) {
	bucket := memblob.OpenBucket(nil)
	defer bucket.Close()
	svc := shipping.NewService(failingStore{shippingtest.NewStore()}, &shippingtest.Carrier{}, bucket, testkit.Quiet(), shipping.Config{})
	_, err := svc.IssueBoxDocuments(t.Context(), shippingtest.BoxesRequest("olivia", batchID, 3, 2, true))
	require.ErrorContains(t, err, "database is down")
	obj, err := bucket.List(nil).Next(t.Context())
	require.ErrorIs(t, err, io.EOF, "left %v", obj)
}

// forgetfulStore records nothing, as a caller's rolled-back transaction leaves it.
type forgetfulStore struct{ *shippingtest.Store }

func (forgetfulStore) CreateDocuments(context.Context, []shipping.Document) error { return nil }

func TestDiscardBoxDocuments_DeletesOnlyAnUnrecordedPDF(t *testing.T) {
	f := shippingtest.NewService(t, issuedAt)
	kept, err := f.Service.IssueBoxDocuments(t.Context(), shippingtest.BoxesRequest("olivia", batchID, 3, 2, true))
	require.NoError(t, err)
	require.NoError(t, f.Service.DiscardBoxDocuments(t.Context(), kept))
	require.Equal(t, []string{shipping.BlobKey(kept.DocumentID)}, blobKeys(t, f))

	svc := shipping.NewService(forgetfulStore{f.Store}, f.Carrier, f.Bucket, testkit.Quiet(), shipping.Config{})
	lost, err := svc.IssueBoxDocuments(t.Context(), shippingtest.BoxesRequest("olivia", "BT-00000001", 3, 2, true))
	require.NoError(t, err)
	require.Len(t, blobKeys(t, f), 2)
	require.NoError(t, svc.DiscardBoxDocuments(t.Context(), lost))
	require.Equal(t, []string{shipping.BlobKey(kept.DocumentID)}, blobKeys(t, f))
	require.NoError(t, svc.DiscardBoxDocuments(t.Context(), shipping.BoxDocuments{}))
}

// BenchmarkIssueBoxDocuments_100Boxes is the largest batch: 1,000 units in 100 boxes of 10, a
// label (booked, with its barcode) and a packing list each, one PDF of 200 pages.
func BenchmarkIssueBoxDocuments_100Boxes(b *testing.B) {
	f := shippingtest.NewService(b, issuedAt)
	req := shippingtest.BoxesRequest("olivia", batchID, 1000, 10, true)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := f.Service.IssueBoxDocuments(b.Context(), req); err != nil {
			b.Fatal(err)
		}
	}
}
