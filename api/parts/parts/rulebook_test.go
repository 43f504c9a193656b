package parts

import (
	"testing"

	"rugged.example/portal/api/pkg/rulebook"
)

// The rulebook's cart merge (packages/rulebook/vectors), which the browser's carts apply with the
// same vectors (apps/parts cart model addItem).

type cartLine struct {
	PN           string   `json:"pn"`
	Model        string   `json:"model"`
	Quantity     int      `json:"quantity"`
	Serials      []string `json:"serials"`
	SearchSerial string   `json:"searchSerial"`
}

type cartAdds struct {
	// Kind is the browser's cart; the server tells a video line by its serials.
	Kind string     `json:"kind"`
	Adds []cartLine `json:"adds"`
}

func TestRulebook_CartMerge(t *testing.T) {
	rulebook.Run(t, "cart-merge", func(in cartAdds) []cartLine {
		lines := make([]LineRequest, len(in.Adds))
		for i, a := range in.Adds {
			lines[i] = LineRequest{PartNumber: a.PN, Quantity: a.Quantity, Model: a.Model, Serials: a.Serials, SearchSerial: a.SearchSerial}
		}
		merged, _ := mergeLines(lines)
		out := make([]cartLine, len(merged))
		for i, l := range merged {
			out[i] = cartLine{PN: l.PartNumber, Model: l.Model, Quantity: l.Quantity, Serials: l.Serials, SearchSerial: l.SearchSerial}
		}
		return out
	})
}
