package shipping_test

import (
	"context"
	"errors"
	"io"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
	"gocloud.dev/blob/memblob"

	"rugged.example/portal/api/pkg/fault"
	"rugged.example/portal/api/pkg/testkit"
	"rugged.example/portal/api/shipping/shipping"
	"rugged.example/portal/api/shipping/shippingtest"
)

var issuedAt = time.Date(2026, 11, 22, 15, 4, 5, 0, time.UTC)

func open(t *testing.T, svc *shipping.Service, owner, id string) []byte {
	t.Helper()
	doc, err := svc.OpenDocument(t.Context(), owner, id)
	require.NoError(t, err)
	defer doc.Body.Close()
	b, err := io.ReadAll(doc.Body)
	require.NoError(t, err)
	require.EqualValues(t, len(b), doc.Size)
	return b
}

func canadian() shipping.IssueRequest {
	req := shippingtest.Request("casey", "RMA-200001")
	req.From = shipping.Address{Line1: "100 King St W", City: "Toronto", State: "ON", PostalCode: "M5X 1A9", Country: "CA"}
	return req
}

func TestIssueDocuments_DomesticLabelCarriesTheTrackingBarcodeAndNoInvoice(t *testing.T) {
	f := shippingtest.NewService(t, issuedAt)
	docs, err := f.Service.IssueDocuments(t.Context(), shippingtest.Request("casey", "RMA-100001"))
	require.NoError(t, err)
	require.Equal(t, "TEST000001", docs.TrackingNumber)
	require.Empty(t, docs.InvoiceID)
	require.Equal(t, issuedAt.Add(30*24*time.Hour).Truncate(time.Second), docs.ExpiresAt)
	require.Len(t, docs.LabelID, 32)

	pdf := open(t, f.Service, "casey", docs.LabelID)
	require.Equal(t, "%PDF-", string(pdf[:5]))
	require.Equal(t, []string{"CODE-128:TEST000001", "QR-Code:TRK:TEST000001;RMA:RMA-100001"}, barcodes(t, pdf))
	text := pdfText(t, pdf)
	for _, want := range []string{
		"RMA-100001", "TRACKING # TEST000001", "Issued Nov 22 2026", "Valid until Dec 22 2026",
		"Casey Jones", "600 Congress Ave", "Austin, TX 78701",
		"Rugged Devices Service Depot", "4500 Technology Blvd", "Round Rock, TX 78681", "UNITED STATES",
	} {
		require.Contains(t, text, want)
	}

	require.Len(t, f.Carrier.Shipments, 1)
	sh := f.Carrier.Shipments[0]
	require.Equal(t, "RMA-100001", sh.RMANumber)
	require.Equal(t, shipping.DefaultDepot(), sh.To)
	require.Equal(t, "Rugged laptop RL14", sh.Description)
	require.Equal(t, "Casey Jones", sh.Contact.Name)
}

// The documents' texts are converted to the core fonts' code page by pdftext rather than by
// maroto: a name with accents prints as typed, and one outside the code page keeps its place.
func TestIssueDocuments_NamesPrintAsTyped(t *testing.T) {
	f := shippingtest.NewService(t, issuedAt)
	req := shippingtest.Request("casey", "RMA-100003")
	req.Contact.Name = "Zoë Pérez-Müller"
	req.Contact.Company = "Café Señor — Austin"
	docs, err := f.Service.IssueDocuments(t.Context(), req)
	require.NoError(t, err)
	text := pdfText(t, open(t, f.Service, "casey", docs.LabelID))
	require.Contains(t, text, "Zoë Pérez-Müller")
	require.Contains(t, text, "Café Señor — Austin")
}

func TestIssueDocuments_QRPackagingMakesTheDropOffCodeProminent(t *testing.T) {
	f := shippingtest.NewService(t, issuedAt)
	req := shippingtest.Request("casey", "RMA-100002")
	req.Packaging = shipping.PackagingQR
	docs, err := f.Service.IssueDocuments(t.Context(), req)
	require.NoError(t, err)
	pdf := open(t, f.Service, "casey", docs.LabelID)
	require.Equal(t, []string{"CODE-128:TEST000001", "QR-Code:TRK:TEST000001;RMA:RMA-100002"}, barcodes(t, pdf))
	require.Contains(t, pdfText(t, pdf), "No printer needed")
}

func TestIssueDocuments_CrossBorderShipmentGetsACommercialInvoice(t *testing.T) {
	f := shippingtest.NewService(t, issuedAt)
	req := canadian()
	req.Items = append(req.Items, shipping.DeclaredItem{Description: "AC adapter", PartNumber: "ACC-65W", Quantity: 2, UnitValueCents: 4550, CountryOfOrigin: "CN"})
	docs, err := f.Service.IssueDocuments(t.Context(), req)
	require.NoError(t, err)
	require.NotEmpty(t, docs.InvoiceID)
	require.NotEqual(t, docs.LabelID, docs.InvoiceID)

	invoice := open(t, f.Service, "casey", docs.InvoiceID)
	text := pdfText(t, invoice)
	for _, want := range []string{
		"COMMERCIAL INVOICE", "RMA number: RMA-200001", "Tracking number: TEST000001",
		"Reason for export:", "Return for repair \u2014 no commercial value",
		"SHIPPER / EXPORTER", "100 King St W", "Toronto, ON M5X 1A9", "CANADA", "casey@example.com",
		"CONSIGNEE / IMPORTER", "Rugged Devices Service Depot",
		"Rugged laptop RL14", "RL14-G2-16", "RT10000001", "1,500.00",
		"AC adapter", "ACC-65W", "45.50", "91.00", "1,591.00",
	} {
		require.Contains(t, text, want)
	}
	require.Equal(t, []string{"CODE-128:TEST000001"}, barcodes(t, invoice))

	label := open(t, f.Service, "casey", docs.LabelID)
	require.Contains(t, pdfText(t, label), "CANADA")
}

func TestIssueDocuments_InvoiceOnlyWhenTheShipmentCrossesABorder(t *testing.T) {
	tests := []struct {
		name    string
		addr    shipping.Address
		invoice bool
	}{
		{"US", shipping.Address{Line1: "1 Main St", City: "Boston", State: "MA", PostalCode: "02108", Country: "US"}, false},
		{"lower-case us", shipping.Address{Line1: "1 Main St", City: "Boston", State: "MA", PostalCode: "02108", Country: "us"}, false},
		{"Canada", canadian().From, true},
		{"Mexico", shipping.Address{Line1: "Av. Reforma 222", City: "Mexico City", State: "CMX", PostalCode: "06600", Country: "MX"}, true},
		{"Guam", shipping.Address{Line1: "1 Marine Dr", City: "Hagatna", PostalCode: "96910", Country: "GU"}, true},
		{"APO AE ships domestically", shipping.Address{Line1: "Unit 2050 Box 4190", City: "APO", State: "AE", PostalCode: "09096", Country: "US"}, false},
		{"FPO AP with a foreign country field", shipping.Address{Line1: "PSC 473 Box 12", City: "FPO", State: "AP", PostalCode: "96349", Country: "JP"}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := shippingtest.NewService(t, issuedAt)
			req := shippingtest.Request("casey", "RMA-1")
			req.From = tt.addr
			docs, err := f.Service.IssueDocuments(t.Context(), req)
			require.NoError(t, err)
			require.Equal(t, tt.invoice, docs.InvoiceID != "")
			require.Len(t, f.Store.Documents(), map[bool]int{false: 1, true: 2}[tt.invoice])
		})
	}
}

func TestOpenDocument_ExpiresThirtyDaysAfterIssue(t *testing.T) {
	f := shippingtest.NewService(t, issuedAt)
	docs, err := f.Service.IssueDocuments(t.Context(), canadian())
	require.NoError(t, err)

	f.Now = issuedAt.Add(30 * 24 * time.Hour).Truncate(time.Second)
	open(t, f.Service, "casey", docs.LabelID)
	open(t, f.Service, "casey", docs.InvoiceID)

	f.Now = f.Now.Add(time.Second)
	for _, id := range []string{docs.LabelID, docs.InvoiceID} {
		_, err = f.Service.OpenDocument(t.Context(), "casey", id)
		require.ErrorIs(t, err, shipping.ErrDocumentExpired)
		fe, ok := fault.As(err)
		require.True(t, ok)
		require.Equal(t, "This shipping label expired on Dec 22 2026. Please contact support for a new label.", fe.Message)
	}
}

func TestOpenDocument_AnotherOwnersDocumentIsNotFound(t *testing.T) {
	f := shippingtest.NewService(t, issuedAt)
	docs, err := f.Service.IssueDocuments(t.Context(), shippingtest.Request("casey", "RMA-1"))
	require.NoError(t, err)
	tests := []struct{ name, owner, id string }{
		{"another owner", "mallory", docs.LabelID},
		{"no owner", "", docs.LabelID},
		{"unknown id", "casey", "0123456789abcdef0123456789abcdef"},
		{"upper-case id", "casey", "0123456789ABCDEF0123456789ABCDEF"},
		{"malformed id", "casey", "../shipping/" + docs.LabelID},
		{"empty id", "casey", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := f.Service.OpenDocument(t.Context(), tt.owner, tt.id)
			require.ErrorIs(t, err, shipping.ErrDocumentNotFound)
		})
	}
	// Expiry is only revealed to the owner.
	f.Now = issuedAt.AddDate(1, 0, 0)
	_, err = f.Service.OpenDocument(t.Context(), "mallory", docs.LabelID)
	require.ErrorIs(t, err, shipping.ErrDocumentNotFound)
}

func TestIssueDocuments_RejectsInvalidRequests(t *testing.T) {
	tests := []struct {
		name   string
		change func(*shipping.IssueRequest)
		fields map[string]string
	}{
		{"missing address and contact", func(r *shipping.IssueRequest) {
			r.From, r.Contact = shipping.Address{Country: "US"}, shipping.Contact{}
		}, map[string]string{
			"address.line1": "Required", "address.city": "Required", "address.state": "Required",
			"address.postalCode": "Required", "contact.name": "Required",
		}},
		{"no RMA number or owner", func(r *shipping.IssueRequest) { r.RMANumber, r.Owner = " ", "" },
			map[string]string{"rmaNumber": "Required", "owner": "Required"}},
		{"box packaging", func(r *shipping.IssueRequest) { r.Packaging = "box" },
			map[string]string{"packaging": "Must be label or qr"}},
		{"long address line", func(r *shipping.IssueRequest) { r.From.Line1 = "123456789012345678901234567890123456" },
			map[string]string{"address.line1": "Must be less than 36 characters"}},
		{"bad item", func(r *shipping.IssueRequest) { r.Items[0].Quantity, r.Items[0].UnitValueCents = 0, -1 },
			map[string]string{"items.0.quantity": "Must be at least 1", "items.0.unitValue": "Must be at least 0"}},
		{"cross border without items", func(r *shipping.IssueRequest) {
			r.From, r.Items = canadian().From, nil
		}, map[string]string{"items": "Required"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := shippingtest.NewService(t, issuedAt)
			req := shippingtest.Request("casey", "RMA-1")
			tt.change(&req)
			_, err := f.Service.IssueDocuments(t.Context(), req)
			fe, ok := fault.As(err)
			require.True(t, ok, "%v", err)
			require.Equal(t, fault.KindInvalid, fe.Kind)
			require.Equal(t, tt.fields, fe.Fields)
			require.Empty(t, f.Carrier.Shipments, "nothing is booked for an invalid request")
		})
	}
}

func TestIssueDocuments_DomesticShipmentNeedsNoDeclaredItems(t *testing.T) {
	f := shippingtest.NewService(t, issuedAt)
	req := shippingtest.Request("casey", "RMA-1")
	req.Items = nil
	_, err := f.Service.IssueDocuments(t.Context(), req)
	require.NoError(t, err)
	require.Equal(t, "Rugged device", f.Carrier.Shipments[0].Description)
}

func TestIssueDocuments_CarrierRefusalStoresNothing(t *testing.T) {
	f := shippingtest.NewService(t, issuedAt)
	f.Carrier.Err = shipping.ErrShipperAddress
	_, err := f.Service.IssueDocuments(t.Context(), shippingtest.Request("casey", "RMA-1"))
	require.ErrorIs(t, err, shipping.ErrShipperAddress)
	fe, _ := fault.As(err)
	require.Contains(t, fe.Message, "shipper", "the browser maps create errors mentioning the shipper to spec §8's address message")
	require.Empty(t, f.Store.Documents())
	require.Empty(t, blobKeys(t, f))
}

type failingStore struct{ *shippingtest.Store }

func (failingStore) CreateDocuments(context.Context, []shipping.Document) error {
	return errors.New("database is down")
}

func TestIssueDocuments_DeletesThePDFsWhenRecordingThemFails(t *testing.T) {
	bucket := memblob.OpenBucket(nil)
	defer bucket.Close()
	svc := shipping.NewService(failingStore{shippingtest.NewStore()}, &shippingtest.Carrier{}, bucket, testkit.Quiet(), shipping.Config{})
	_, err := svc.IssueDocuments(t.Context(), canadian())
	require.ErrorContains(t, err, "database is down")
	obj, err := bucket.List(nil).Next(t.Context())
	require.ErrorIs(t, err, io.EOF, "left %v", obj)
}

func blobKeys(t *testing.T, f *shippingtest.Fixture) []string {
	t.Helper()
	var keys []string
	it := f.Bucket.List(nil)
	for {
		obj, err := it.Next(t.Context())
		if errors.Is(err, io.EOF) {
			return keys
		}
		require.NoError(t, err)
		keys = append(keys, obj.Key)
	}
}

func TestSweepOrphans_DeletesOldPDFsThatHaveNoRow(t *testing.T) {
	f := shippingtest.NewService(t, time.Now())
	docs, err := f.Service.IssueDocuments(t.Context(), canadian())
	require.NoError(t, err)
	orphan := shipping.BlobKey("00000000000000000000000000000001")
	require.NoError(t, f.Bucket.WriteAll(t.Context(), orphan, []byte("%PDF-"), nil))
	require.NoError(t, f.Bucket.WriteAll(t.Context(), "shipping/notes.txt", []byte("not ours"), nil))

	n, err := f.Service.SweepOrphans(t.Context(), time.Hour)
	require.NoError(t, err)
	require.Zero(t, n, "a PDF younger than the grace period may belong to an open transaction")

	f.Now = time.Now().Add(2 * time.Hour)
	n, err = f.Service.SweepOrphans(t.Context(), time.Hour)
	require.NoError(t, err)
	require.Equal(t, 1, n)
	require.ElementsMatch(t, []string{
		shipping.BlobKey(docs.LabelID), shipping.BlobKey(docs.InvoiceID), "shipping/notes.txt",
	}, blobKeys(t, f))
}

func TestDiscard_LeavesRecordedDocumentsAlone(t *testing.T) {
	f := shippingtest.NewService(t, issuedAt)
	docs, err := f.Service.IssueDocuments(t.Context(), canadian())
	require.NoError(t, err)
	require.NoError(t, f.Service.Discard(t.Context(), docs))
	require.Len(t, blobKeys(t, f), 2)
	require.NoError(t, f.Service.Discard(t.Context(), shipping.Documents{}))
}

func TestDocumentFileName(t *testing.T) {
	tests := []struct{ rma, kind, want string }{
		{"RMA-100234", "label", "RMA-100234-label.pdf"},
		{"100234", "invoice", "RMA-100234-invoice.pdf"},
		{`R"1;\n2`, "label", "RMA-R1n2-label.pdf"},
	}
	for _, tt := range tests {
		d := shipping.Document{RMANumber: tt.rma, Kind: shipping.DocumentKind(tt.kind)}
		require.Equal(t, tt.want, d.FileName())
	}
}

func TestBoxDelivery_CountsBusinessDays(t *testing.T) {
	friday := time.Date(2026, 11, 20, 10, 0, 0, 0, time.UTC)
	earliest, latest := shipping.BoxDelivery(friday)
	require.Equal(t, time.Wednesday, earliest.Weekday())
	require.Equal(t, 25, earliest.Day())
	require.Equal(t, time.Friday, latest.Weekday())
	require.Equal(t, 27, latest.Day())
}

func TestNearbyOffices_OutsideTheUSIsAnEmptyList(t *testing.T) {
	f := shippingtest.NewService(t, issuedAt)
	got, err := f.Service.NearbyOffices(t.Context(), canadian().From, 10)
	require.NoError(t, err)
	require.NotNil(t, got)
	require.Empty(t, got)
	got, err = f.Service.NearbyOffices(t.Context(), shippingtest.Address(), 0)
	require.NoError(t, err)
	require.Len(t, got, shipping.DefaultNearby)
}
