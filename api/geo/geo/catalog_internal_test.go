package geo

import (
	"bytes"
	"compress/gzip"
	"sync"
	"testing"

	"github.com/stretchr/testify/require"
)

// smallDataset is a dataset with what check requires, whose Texas cities are out of order and
// have a comment and a blank line among them, and which ends without a newline.
const smallDataset = `# a test dataset
country	CA	6251999	Canada
country	US	6252001	United States
state	AA	-1	1	Armed Forces Americas
city	APO
state	AE	-2	1	Armed Forces Europe
city	FPO
state	AP	-3	1	Armed Forces Pacific
city	DPO
state	TX	4736286	0	Texas
city	Waco
city	Austin
# cities of the Panhandle

city	Amarillo
state	OH	5165418	0	Ohio
city	Zanesville
city	Columbus`

func gz(t *testing.T, text string) []byte {
	t.Helper()
	var b bytes.Buffer
	w := gzip.NewWriter(&b)
	_, err := w.Write([]byte(text))
	require.NoError(t, err)
	require.NoError(t, w.Close())
	return b.Bytes()
}

func names(cities []City) []string {
	out := make([]string, len(cities))
	for i, c := range cities {
		out[i] = c.Name
	}
	return out
}

func TestRead_CitiesOfEachStateOnlyAndSorted(t *testing.T) {
	c, err := read(gz(t, smallDataset))
	require.NoError(t, err)
	_, states, cities := c.Len()
	require.Equal(t, 5, states)
	require.Equal(t, 8, cities)

	tx, err := c.Cities(4736286, false)
	require.NoError(t, err)
	require.Equal(t, []string{"Amarillo", "Austin", "Waco"}, names(tx))
	oh, err := c.Cities(5165418, false)
	require.NoError(t, err)
	require.Equal(t, []string{"Columbus", "Zanesville"}, names(oh))
	apo, err := c.Cities(-3, true)
	require.NoError(t, err)
	require.Equal(t, []string{"DPO"}, names(apo))
}

func TestRead_RefusesACityBeforeAnyState(t *testing.T) {
	_, err := read(gz(t, "country\tUS\t6252001\tUnited States\ncity\tAustin\n"))
	require.ErrorContains(t, err, "city outside a state")
}

// The first asks for a state's cities build its list; asked at once they agree (run with -race).
func TestCities_ConcurrentFirstAsksAgree(t *testing.T) {
	c, err := read(gz(t, smallDataset))
	require.NoError(t, err)
	var wg sync.WaitGroup
	got := make([][]string, 8)
	for i := range got {
		wg.Go(func() {
			cities, err := c.Cities(4736286, false)
			if err == nil {
				got[i] = names(cities)
			}
		})
	}
	wg.Wait()
	for _, g := range got {
		require.Equal(t, []string{"Amarillo", "Austin", "Waco"}, g)
	}
}
