package main

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"rugged.example/portal/api/parts/parts"
	"rugged.example/portal/api/pkg/money"
	"rugged.example/portal/api/portal/compose"
)

func TestPartsImport_GoodFileUpsertsBadFileWritesNothing(t *testing.T) {
	gdb := migratedDatabase(t)
	catalogue := compose.PartsCatalogue(gdb)

	dir := t.TempDir()
	write := func(name, body string) string {
		p := filepath.Join(dir, name)
		require.NoError(t, os.WriteFile(p, []byte(body), 0o600))
		return p
	}
	const header = "part_number,description,fits,price,currency,availability,image_path,high_value,video_only\n"
	good := write("good.csv", header+
		"RL14-BAT-STD,RL14 standard battery,RL14:Ranger,129.00,USD,IN_STOCK,/media/parts/battery.png,false,false\n"+
		"RNG-DOCK-VEH,Ranger vehicle dock,RL14:Ranger;RL15:Ranger,899.00,USD,BACKORDER,/media/parts/dock.png,true,false\n")
	bad := write("bad.csv", header+
		"RL14-BAT-STD,Should not stick,RL14:Ranger,1.00,USD,IN_STOCK,,false,false\n"+
		"RL14-CHG-AC,Charger,RL14:Ranger,89.00,USD,SOLD_OUT,,false,false\n")

	require.NoError(t, partsCommand(t.Context(), []string{"import", good}))
	p, err := catalogue.Part(t.Context(), "RNG-DOCK-VEH")
	require.NoError(t, err)
	require.Equal(t, money.USD(89900), p.Price)
	require.Len(t, p.Fits, 2)

	err = partsCommand(t.Context(), []string{"import", bad})
	var ie *parts.ImportError
	require.ErrorAs(t, err, &ie)
	require.ErrorContains(t, err, `line 3: availability "SOLD_OUT" is not one of`)
	p, err = catalogue.Part(t.Context(), "RL14-BAT-STD")
	require.NoError(t, err)
	require.Equal(t, "RL14 standard battery", p.Description, "nothing written")
	_, err = catalogue.Part(t.Context(), "RL14-CHG-AC")
	require.ErrorIs(t, err, parts.ErrPartNotFound)

	require.ErrorContains(t, partsCommand(t.Context(), nil), "usage: portal parts import FILE")
	require.ErrorContains(t, partsCommand(t.Context(), []string{"import", filepath.Join(dir, "missing.csv")}), "no such file")
}
