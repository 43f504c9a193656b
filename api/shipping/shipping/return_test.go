package shipping_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"rugged.example/portal/api/pkg/fault"
	"rugged.example/portal/api/shipping/shipping"
	"rugged.example/portal/api/shipping/shippingtest"
)

// lineWith is the layout line of text holding want: the label prints FROM on the left and SHIP
// TO on the right, so which side a name is on is where it stands in its line.
func lineWith(t *testing.T, text, want string) string {
	t.Helper()
	for l := range strings.SplitSeq(text, "\n") {
		if strings.Contains(l, want) {
			return l
		}
	}
	t.Fatalf("no line holds %q in:\n%s", want, text)
	return ""
}

// side tells on which half of the page want is printed: the FROM / shipper block is the left
// column, SHIP TO / consignee the right one.
func side(t *testing.T, text, want string) string {
	t.Helper()
	if strings.Index(lineWith(t, text, want), want) < 40 {
		return "left"
	}
	return "right"
}

func leftOf(line, a, b string) bool {
	i, j := strings.Index(line, a), strings.Index(line, b)
	return i >= 0 && j >= 0 && i < j
}

func returnRequest() shipping.IssueRequest {
	req := shippingtest.Request("casey", "RMA-100010")
	req.Direction, req.Packaging = shipping.ToCustomer, ""
	return req
}

func TestIssueDocuments_ReturnLabelShipsFromTheDepotToTheCustomer(t *testing.T) {
	f := shippingtest.NewService(t, issuedAt)
	docs, err := f.Service.IssueDocuments(t.Context(), returnRequest())
	require.NoError(t, err)
	require.Empty(t, docs.InvoiceID)

	// The RMA's owner opens the label of the unit's way back, as they open the inbound one.
	pdf := open(t, f.Service, "casey", docs.LabelID)
	require.Equal(t, []string{"CODE-128:TEST000001", "QR-Code:TRK:TEST000001;RMA:RMA-100010"}, barcodes(t, pdf))
	text := pdfText(t, pdf)
	require.True(t, leftOf(lineWith(t, text, "FROM"), "FROM", "SHIP TO"), text)
	for _, from := range []string{"Rugged Devices Service Depot", "4500 Technology Blvd", "Round Rock, TX 78681"} {
		require.Equal(t, "left", side(t, text, from), text)
	}
	for _, to := range []string{"Casey Jones", "600 Congress Ave", "Austin, TX 78701", "Tel. +1 512 555 0100"} {
		require.Equal(t, "right", side(t, text, to), text)
	}
	require.Contains(t, text, "Depot: ship the unit back")
	require.NotContains(t, text, "How to ship your unit")

	require.Len(t, f.Carrier.Shipments, 1)
	sh := f.Carrier.Shipments[0]
	require.Equal(t, shipping.ToCustomer, sh.Direction)
	require.Equal(t, shipping.DefaultDepot().Address, sh.From, "the carrier picks up at the depot")
	require.Equal(t, shippingtest.Address(), sh.To.Address)
	require.Equal(t, "Casey Jones", sh.To.Name)
	require.Equal(t, shipping.PackagingLabel, sh.Packaging, "the depot prints a label")

	_, err = f.Service.OpenDocument(t.Context(), "tariq", docs.LabelID)
	require.ErrorIs(t, err, shipping.ErrDocumentNotFound, "staff issue it; only the RMA's owner opens it")
}

func TestIssueDocuments_InboundLabelStillShipsToTheDepot(t *testing.T) {
	f := shippingtest.NewService(t, issuedAt)
	docs, err := f.Service.IssueDocuments(t.Context(), shippingtest.Request("casey", "RMA-100011"))
	require.NoError(t, err)
	text := pdfText(t, open(t, f.Service, "casey", docs.LabelID))
	require.Equal(t, "left", side(t, text, "Casey Jones"), text)
	require.Equal(t, "right", side(t, text, "Rugged Devices Service Depot"), text)
	require.Contains(t, text, "How to ship your unit")
	require.Equal(t, shipping.ToDepot, f.Carrier.Shipments[0].Direction)
	require.Equal(t, shipping.DefaultDepot(), f.Carrier.Shipments[0].To)
}

func TestIssueDocuments_ReturnAcrossABorderGetsItsInvoice(t *testing.T) {
	f := shippingtest.NewService(t, issuedAt)
	req := returnRequest()
	req.From = canadian().From
	docs, err := f.Service.IssueDocuments(t.Context(), req)
	require.NoError(t, err)
	require.NotEmpty(t, docs.InvoiceID)

	text := pdfText(t, open(t, f.Service, "casey", docs.InvoiceID))
	require.Contains(t, text, shipping.ReturnReason)
	require.Contains(t, text, "returned to them after service under RMA RMA-100010")
	shipper := lineWith(t, text, "SHIPPER / EXPORTER")
	require.True(t, leftOf(shipper, "SHIPPER / EXPORTER", "CONSIGNEE / IMPORTER"), text)
	require.Equal(t, "left", side(t, text, "Round Rock, TX 78681"), text)
	require.Equal(t, "right", side(t, text, "Toronto, ON M5X 1A9"), text)
	require.NotContains(t, text, "casey@example.com", "the depot ships; the customer's e-mail is not the shipper's")

	// Customs still needs to know what crosses the border.
	req.Items = nil
	_, err = f.Service.IssueDocuments(t.Context(), req)
	require.Equal(t, map[string]string{"items": "Required"}, fields(t, err))
}

func TestIssueDocuments_UnknownDirectionIsRefused(t *testing.T) {
	f := shippingtest.NewService(t, issuedAt)
	req := returnRequest()
	req.Direction = "sideways"
	_, err := f.Service.IssueDocuments(t.Context(), req)
	require.Contains(t, fields(t, err), "direction")
	require.Empty(t, f.Carrier.Shipments)
}

func fields(t *testing.T, err error) map[string]string {
	t.Helper()
	fe, ok := fault.As(err)
	require.True(t, ok, "%v", err)
	return fe.Fields
}
