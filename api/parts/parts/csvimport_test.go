package parts_test

import (
	"context"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"rugged.example/portal/api/parts/parts"
	"rugged.example/portal/api/pkg/money"
)

type memStore struct{ upserted [][]parts.Part }

func (m *memStore) Search(context.Context, parts.Query) ([]parts.Part, int64, error) {
	return nil, 0, nil
}
func (m *memStore) Part(context.Context, string) (parts.Part, error) {
	return parts.Part{}, parts.ErrPartNotFound
}
func (m *memStore) Upsert(_ context.Context, ps []parts.Part) error {
	m.upserted = append(m.upserted, ps)
	return nil
}

const header = "part_number,description,fits,price,currency,availability,image_path,high_value,video_only\n"

func TestImport_GoodFileUpsertsEveryLine(t *testing.T) {
	store := &memStore{}
	svc := parts.NewService(store, nil)
	n, err := svc.Import(t.Context(), strings.NewReader(header+
		"rl14-bat-std,\"RL14 battery, standard\",RL14:Ranger;rl15:Ranger,129.00,usd,in_stock,/assets/parts/battery.svg,false,false\n"+
		"VX12-DOCK-8,VX12 8-bay dock,VX12:Veretos,1899,USD,BACKORDER,,yes,true\n"))
	require.NoError(t, err)
	require.Equal(t, 2, n)
	require.Equal(t, [][]parts.Part{{
		{PartNumber: "RL14-BAT-STD", Description: "RL14 battery, standard", Fits: []parts.Fit{{Model: "RL14", Family: "Ranger"}, {Model: "RL15", Family: "Ranger"}},
			Price: money.USD(12900), Availability: parts.InStock, ImagePath: "/assets/parts/battery.svg"},
		{PartNumber: "VX12-DOCK-8", Description: "VX12 8-bay dock", Fits: []parts.Fit{{Model: "VX12", Family: "Veretos"}},
			Price: money.USD(189900), Availability: parts.Backorder, HighValue: true, VideoOnly: true},
	}}, store.upserted)
}

func TestImport_BadFileWritesNothingAndNamesEachLine(t *testing.T) {
	tests := map[string]struct {
		file string
		want []string
	}{
		"empty":          {"", []string{"line 1: the file is empty"}},
		"header only":    {header, []string{"line 2: no parts"}},
		"missing column": {"part_number,description\nA,B\n", []string{`line 1: missing column "fits"`, `line 1: missing column "high_value"`, `line 1: missing column "video_only"`}},
		"unknown column": {strings.TrimSuffix(header, "\n") + ",colour\n", []string{`line 1: unknown column "colour"`}},
		"bad lines": {header +
			"RL14-OK,Fine,RL14:Ranger,10.00,USD,IN_STOCK,,false,false\n" +
			",,RL14,abc,USD,SOLD,,maybe,perhaps\n" +
			"RL14-OK,Again,RL14:Ranger,10.001,USD,IN_STOCK,,false,false\n" +
			"RL14-NEG,Negative,RL14:Ranger,-5.00,USD,IN_STOCK,,false,false\n" +
			"RL14 BAD,Space,RL14:Ranger,5.00,ZZZ,IN_STOCK,,false,false\n" +
			"SHORT,line\n", []string{
			"5 bad line(s), nothing imported",
			"line 3: part_number is required", "line 3: description is required", `line 3: availability "SOLD" is not one of IN_STOCK, BACKORDER, DISCONTINUED`,
			`line 3: price "abc" "USD" is not an amount`, `line 3: high_value "maybe" is not true or false`, `line 3: video_only "perhaps" is not true or false`, `line 3: fits "RL14" is not MODEL:Family`,
			`line 4: price "10.001" "USD"`, "line 4: part number RL14-OK is already on line 2",
			"line 5: price must be more than zero",
			`line 6: part_number "RL14 BAD" may hold only letters, digits and '-'`, `line 6: price "5.00" "ZZZ"`,
			"line 7: 2 fields, the header has 9",
		}},
	}
	for name, tt := range tests {
		t.Run(name, func(t *testing.T) {
			store := &memStore{}
			n, err := parts.NewService(store, nil).Import(t.Context(), strings.NewReader(tt.file))
			var ie *parts.ImportError
			require.ErrorAs(t, err, &ie)
			for _, w := range tt.want {
				require.Contains(t, err.Error(), w)
			}
			require.Zero(t, n)
			require.Empty(t, store.upserted, "nothing written")
		})
	}
}
