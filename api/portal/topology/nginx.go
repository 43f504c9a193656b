// Package topology runs the production shape on one machine: each domain as its own
// `portal serve --services=NAME` process on a loopback port, behind nginx routing by path prefix
// exactly as the Helm chart's ingress does. `make run-split` and the browser tests of the split
// portal use it.
package topology

import (
	"fmt"
	"io"
	"strings"
	"text/template"

	"rugged.example/portal/api/portal/compose"
)

// Upstream is where one domain's process listens.
type Upstream struct {
	Service string
	Addr    string // host:port
}

// ProxyConfig is what the nginx configuration needs.
type ProxyConfig struct {
	// Listen is the proxy's address (host:port), the portal's public address.
	Listen string
	// Dir holds nginx's pid file, logs and temporary files.
	Dir       string
	Routes    []compose.Route
	Upstreams []Upstream
	// MaxBodySize matches the largest request the portal accepts (five 50 MB uploads); the
	// server itself enforces the real limits.
	MaxBodySize string
	// RunAsRoot sets the worker user when nginx starts as root, so workers can use Dir.
	RunAsRoot bool
}

// location is one nginx location block: Kubernetes' pathType Prefix "/fn" is the exact path
// "/fn" plus everything under "/fn/", and nginx picks the longest matching prefix as the
// ingress does.
type location struct {
	Match, Upstream string
}

func (c ProxyConfig) locations() ([]location, error) {
	addr := map[string]string{}
	for _, u := range c.Upstreams {
		addr[u.Service] = u.Addr
	}
	var out []location
	for _, r := range c.Routes {
		if _, ok := addr[r.Service]; !ok {
			return nil, fmt.Errorf("topology: no upstream for service %q", r.Service)
		}
		for _, p := range r.Paths {
			p = strings.TrimRight(p, "/")
			if p == "" {
				out = append(out, location{"/", r.Service})
				continue
			}
			out = append(out, location{"= " + p, r.Service}, location{p + "/", r.Service})
		}
	}
	return out, nil
}

var nginxConf = template.Must(template.New("nginx").Parse(`# Written by the portal's topology package; routes come from ` + "`portal routes`" + `.
{{if .RunAsRoot}}user root;
{{end}}worker_processes 1;
pid {{.Dir}}/nginx.pid;
error_log {{.Dir}}/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path {{.Dir}}/client_body;
  proxy_temp_path {{.Dir}}/proxy;
  fastcgi_temp_path {{.Dir}}/fastcgi;
  uwsgi_temp_path {{.Dir}}/uwsgi;
  scgi_temp_path {{.Dir}}/scgi;
  client_max_body_size {{.MaxBodySize}};
  # Uploads and label PDFs stream through instead of being spooled to disk.
  proxy_request_buffering off;
  proxy_buffering off;
  proxy_http_version 1.1;
  proxy_set_header Connection "";
  proxy_set_header Host $http_host;
  proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
  proxy_set_header X-Forwarded-Proto $scheme;
  proxy_read_timeout 120s;
{{range .Upstreams}}
  upstream {{.Service}} {
    server {{.Addr}};
    keepalive 16;
  }
{{end}}
  server {
    listen {{.Listen}};
{{range .Locations}}
    location {{.Match}} { proxy_pass http://{{.Upstream}}; }
{{- end}}
  }
}
`))

// WriteNginxConfig renders the proxy's configuration.
func WriteNginxConfig(w io.Writer, c ProxyConfig) error {
	locs, err := c.locations()
	if err != nil {
		return err
	}
	return nginxConf.Execute(w, struct {
		ProxyConfig
		Locations []location
	}{c, locs})
}
