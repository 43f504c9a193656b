package parts

import (
	"testing"

	"github.com/stretchr/testify/require"
)

func TestMergeLines_TheCartsRuleOnTheServer(t *testing.T) {
	tests := []struct {
		name       string
		lines      []LineRequest
		want       []LineRequest
		wantOrigin []int
	}{
		{
			name:       "distinct lines stay as sent, trimmed and upper case",
			lines:      []LineRequest{{PartNumber: " rl14-bat-std ", Quantity: 2}, {PartNumber: "VX12-BAT-STD", Quantity: 1, Model: "vx12", Serials: []string{"vt1"}}},
			want:       []LineRequest{{PartNumber: "RL14-BAT-STD", Quantity: 2, Serials: []string{}}, {PartNumber: "VX12-BAT-STD", Quantity: 1, Model: "VX12", Serials: []string{"VT1"}}},
			wantOrigin: []int{0, 1},
		},
		{
			name: "the same part and model: serials merged, quantity their number",
			lines: []LineRequest{
				{PartNumber: "VX12-BAT-STD", Quantity: 2, Model: "VX12", Serials: []string{"VT1", "VT2"}},
				{PartNumber: "VX12-BAT-STD", Quantity: 2, Model: "VX12", Serials: []string{"VT2", "VT3"}},
			},
			want:       []LineRequest{{PartNumber: "VX12-BAT-STD", Quantity: 3, Model: "VX12", Serials: []string{"VT1", "VT2", "VT3"}}},
			wantOrigin: []int{0},
		},
		{
			name: "the same part for another model stays its own line",
			lines: []LineRequest{
				{PartNumber: "RNG-DOCK", Quantity: 1, Model: "RL14"},
				{PartNumber: "RNG-DOCK", Quantity: 1, Model: "RL15"},
			},
			want:       []LineRequest{{PartNumber: "RNG-DOCK", Quantity: 1, Model: "RL14", Serials: []string{}}, {PartNumber: "RNG-DOCK", Quantity: 1, Model: "RL15", Serials: []string{}}},
			wantOrigin: []int{0, 1},
		},
		{
			name:       "parts lines without serials add their quantities; a searched serial joins",
			lines:      []LineRequest{{PartNumber: "RL14-BAT-STD", Quantity: 2}, {PartNumber: "RL14-CHG-AC", Quantity: 1}, {PartNumber: "rl14-bat-std", Quantity: 3, SearchSerial: "rt1"}},
			want:       []LineRequest{{PartNumber: "RL14-BAT-STD", Quantity: 5, Serials: []string{}, SearchSerial: "RT1"}, {PartNumber: "RL14-CHG-AC", Quantity: 1, Serials: []string{}}},
			wantOrigin: []int{0, 1},
		},
		{
			name:       "a quantity that is not a whole number keeps the merged line refused",
			lines:      []LineRequest{{PartNumber: "RL14-BAT-STD", Quantity: 2}, {PartNumber: "RL14-BAT-STD", Quantity: 0}},
			want:       []LineRequest{{PartNumber: "RL14-BAT-STD", Quantity: 0, Serials: []string{}}},
			wantOrigin: []int{0},
		},
		{
			name:       "a serial twice on one line counts once, so its quantity no longer matches",
			lines:      []LineRequest{{PartNumber: "VX12-BAT-STD", Quantity: 2, Model: "VX12", Serials: []string{"VT1", "vt1"}}},
			want:       []LineRequest{{PartNumber: "VX12-BAT-STD", Quantity: 2, Model: "VX12", Serials: []string{"VT1"}}},
			wantOrigin: []int{0},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, origin := mergeLines(tt.lines)
			require.Equal(t, tt.want, got)
			require.Equal(t, tt.wantOrigin, origin)
		})
	}
}
