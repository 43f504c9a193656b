package topology

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"net"
	"os"
	"strconv"
	"strings"
)

// lowestPort is where the upstream ports start: above the well-known and the common fixed ones.
const lowestPort = 10000

// portPicker hands out distinct free ports below the kernel's ephemeral range. A port from
// listening on port 0 comes from that range, and so does the source port of every outgoing
// connection: between its release here and the domain process's bind, a connection to
// PostgreSQL, Redis or the provider could take it ("bind: address already in use").
type portPicker struct {
	below int
	used  map[int]bool
}

func newPortPicker() *portPicker {
	return &portPicker{below: ephemeralStart("/proc/sys/net/ipv4/ip_local_port_range"), used: map[int]bool{}}
}

func (p *portPicker) next() (int, error) {
	for range 200 {
		port := lowestPort + rand.IntN(p.below-lowestPort)
		if p.used[port] {
			continue
		}
		l, err := net.Listen("tcp", fmt.Sprintf("127.0.0.1:%d", port))
		if err != nil {
			continue
		}
		_ = l.Close()
		p.used[port] = true
		return port, nil
	}
	return 0, errors.New("topology: no free port below the ephemeral range")
}

// ephemeralStart reads the first port of the ephemeral range (Linux); elsewhere, or unreadable,
// the IANA range's start.
func ephemeralStart(rangeFile string) int {
	const iana = 49152
	raw, err := os.ReadFile(rangeFile)
	if err != nil {
		return iana
	}
	fields := strings.Fields(string(raw))
	if len(fields) == 0 {
		return iana
	}
	start, err := strconv.Atoi(fields[0])
	if err != nil || start <= lowestPort+100 {
		return iana
	}
	return start
}
