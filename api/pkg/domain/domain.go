// Package domain is what a module of the portal says about itself, once: its name, the path
// prefixes its process answers, its layer in the import direction, its schema and demo data,
// and the capabilities it needs from the process that runs it. The composition root
// (api/portal/compose) registers every module's descriptor in one list, and the route table,
// the split topology, the web shell's API prefixes, import-lint's layers, the Helm chart's
// processes and `portal routes` are all read from that list (ARCHITECTURE.md §7).
package domain

import (
	"context"
	"log/slog"
	"slices"

	"github.com/gin-gonic/gin"
	"gorm.io/gorm"

	"rugged.example/portal/api/pkg/auth"
	"rugged.example/portal/api/pkg/blob"
	"rugged.example/portal/api/pkg/db"
)

// Layer places a module in ARCHITECTURE.md §2's one direction of imports: a module imports only
// modules of a lower layer, apart from capabilities, which may use each other.
type Layer int

const (
	// Capability is a domain library that owns data several services use (rma, geo, payments…).
	Capability Layer = 1
	// Service is the HTTP surface one remote calls (repair, recycle, parts…).
	Service Layer = 2
	// Composition composes the others (the portal: GraphQL, the web shell).
	Composition Layer = 3
)

// Need is something the process that serves a domain must set up for it.
type Need string

const (
	// Places: the domain reads the geo catalog (addresses are checked against it), so the process
	// starts loading it before the database is ready.
	Places Need = "places"
	// Mail: the domain writes to the mail outbox, so the process reports and delivers it.
	Mail Need = "mail"
	// RMAs: the domain creates RMAs, so the process also retries the labels the carrier failed
	// to issue.
	RMAs Need = "rmas"
)

// Descriptor is one module's declaration.
type Descriptor struct {
	// Name names the domain: its process (`portal serve --services=NAME`), its Helm process
	// and its lines in `portal routes`.
	Name string
	// Module is the Go module's folder under api/ (several domains may share one: the portal's).
	Module string
	// Version is the module's release version: api/<Module>/package.json's, bumped by changesets
	// and written into the module's <module>domain/version.go by `make release-version`
	// (docs/releasing.md). A process reports the versions it runs in its health answers.
	Version string
	Layer   Layer
	// Paths are the prefixes the ingress routes to the domain's process (Kubernetes pathType
	// Prefix: "/fn" is "/fn" and "/fn/…"; the longest matching prefix wins). A module without
	// paths is a library that no process serves on its own (rma).
	Paths []string
	Needs []Need
	// Schema is the module's versioned migrations; nil when it owns no tables.
	Schema func() db.Module
	// Seed loads the module's demo data, leaving it alone when it has rows already; nil: none.
	Seed func(context.Context, Seeding) error
	// Mount serves the domain on a process: its routes and background work. Nil when the
	// composition root wires it, because it shares capabilities with other domains there (the
	// RMA creator of repair and recycle).
	Mount func(context.Context, Host) error
}

// Deployable names what the module is released as: api-<Module> (docs/releasing.md).
func (d Descriptor) Deployable() string { return "api-" + d.Module }

// Serves reports whether the domain runs as a process of its own.
func (d Descriptor) Serves() bool { return len(d.Paths) > 0 }

// Has reports whether the domain needs n.
func (d Descriptor) Has(n Need) bool { return slices.Contains(d.Needs, n) }

// Seeding is what demo data is written with.
type Seeding struct {
	DB *gorm.DB
	// Blobs is the storage every process shares (BLOB_URL, else the data dir's).
	Blobs *blob.Bucket
}

// Host is what a process gives a domain it mounts.
type Host struct {
	Router gin.IRouter
	Guard  *auth.Guard
	DB     *gorm.DB
	Log    *slog.Logger
	// Background adds work that runs until the process stops (a sweeper, a poller).
	Background func(func(context.Context, *slog.Logger))
}
