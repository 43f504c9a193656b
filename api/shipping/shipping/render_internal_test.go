package shipping

import (
	"testing"
	"time"
)

func benchSheet(p Packaging) documentSheet {
	issued := time.Date(2026, 11, 22, 0, 0, 0, 0, time.UTC)
	return documentSheet{
		req: IssueRequest{
			Owner: "casey", RMANumber: "RMA-100001", Packaging: p,
			From:    Address{Line1: "100 King St W", City: "Toronto", State: "ON", PostalCode: "M5X 1A9", Country: "CA"},
			Contact: Contact{Name: "Casey Jones", Company: "Acme Field Services", Phone: "+1 416 555 0100", Email: "casey@example.com"},
			Items:   []DeclaredItem{{Description: "Rugged laptop RL14", PartNumber: "RL14-G2-16", Serial: "RT10000001", Quantity: 1, UnitValueCents: 150000, CountryOfOrigin: "US"}},
		},
		depot: DefaultDepot(), booking: Booking{Carrier: "Rugged Freight", TrackingNumber: "RF00000000018"},
		issued: issued, expires: issued.Add(LabelValidity),
	}
}

func BenchmarkRenderLabel(b *testing.B) {
	for _, p := range []Packaging{PackagingLabel, PackagingQR} {
		b.Run(string(p), func(b *testing.B) {
			s := benchSheet(p)
			b.ReportAllocs()
			for b.Loop() {
				if _, err := s.label(); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

func BenchmarkRenderInvoice(b *testing.B) {
	s := benchSheet(PackagingLabel)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := s.invoice(); err != nil {
			b.Fatal(err)
		}
	}
}
