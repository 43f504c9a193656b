package privateserver_test

import (
	"net"
	"strconv"
	"testing"

	"github.com/stretchr/testify/require"

	"rugged.example/portal/api/pkg/privateserver"
)

func dial(port int) error {
	c, err := net.Dial("tcp", "127.0.0.1:"+strconv.Itoa(port))
	if err == nil {
		_ = c.Close()
	}
	return err
}

func TestIntegrationPostgres_StopsAndStartsOnItsPort(t *testing.T) {
	pg := privateserver.StartPostgres(t)
	url := pg.CreateDatabase(t, "probe")
	require.Contains(t, url, "/probe?")
	require.NoError(t, dial(pg.Port()))
	pg.Stop(t)
	require.Error(t, dial(pg.Port()))
	pg.Start(t)
	require.NoError(t, dial(pg.Port()))
}

func TestIntegrationRedis_KilledAndStartedAgainOnItsPort(t *testing.T) {
	r := privateserver.StartRedis(t)
	require.NoError(t, dial(r.Port()))
	r.Kill(t)
	require.Error(t, dial(r.Port()))
	r.Start(t)
	require.NoError(t, dial(r.Port()))
}
