package privateserver_test

import (
	"fmt"
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

// fatalRecorder keeps the message of a Fatalf and stops the call there, without ending the test.
type fatalRecorder struct {
	testing.TB
	msg string
}

func (f *fatalRecorder) Helper() {}

func (f *fatalRecorder) Fatalf(format string, args ...any) {
	f.msg = fmt.Sprintf(format, args...)
	panic(f)
}

func TestIntegrationRedis_StartingAgainOnAPortSomethingElseTookFails(t *testing.T) {
	server := privateserver.StartRedis(t)
	server.Kill(t)
	stranger, err := net.Listen("tcp", "127.0.0.1:"+strconv.Itoa(server.Port()))
	require.NoError(t, err)
	defer stranger.Close()

	rec := &fatalRecorder{TB: t}
	func() {
		defer func() { require.Equal(t, rec, recover()) }()
		server.Start(rec)
	}()
	require.Contains(t, rec.msg, "something else took it")
}
