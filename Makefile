# The front door: `make help` lists every target. `make run` and `make test` install what they
# need themselves (pnpm via npm, node modules, Go modules, Debian's chromium via apt-get).
SHELL := /bin/bash
.SHELLFLAGS := -eu -o pipefail -c
.DEFAULT_GOAL := help

PNPM_VERSION := 12.4.2
GO_MODULES   := $(shell sed -n 's|^[[:space:]]*\./\(api/[a-z]*\)$$|\1|p' go.work)
GO_PKGS      := $(addsuffix /...,$(addprefix ./,$(GO_MODULES)))
GO_SOURCES   := $(shell find api -name '*.go' -o -name 'go.mod' -o -name 'go.sum' -o -path '*/templates/*' | grep -v _test.go)
WEB_SOURCES  := $(shell find host apps packages tooling -type f -not -path '*/node_modules/*' -not -path '*/dist/*' -not -path '*/.turbo/*' 2>/dev/null) package.json pnpm-lock.yaml pnpm-workspace.yaml
# Provider verifications: one `<module>pact` package per module the browser calls. Their
# verification proxy listens on all interfaces, so each runs in a private network namespace.
PACT_PROVIDERS := $(wildcard api/*/*pact)
# The FFI release pact-go links against (TOOLCHAIN.md), shipped by npm beside pact-js.
PACT_FFI_DIR := $(CURDIR)/node_modules/pact-ffi-go/prebuilds/linux-x64

export TURBO_TELEMETRY_DISABLED := 1
export PACT_DO_NOT_TRACK := true
export GOFLAGS := -buildvcs=false

.PHONY: help
help: ## List the targets with one line each
	@awk 'BEGIN {FS = ":.*## "} /^[a-zA-Z0-9_-]+:.*## / {printf "  %-14s %s\n", $$1, $$2}' $(MAKEFILE_LIST)

# ---- installs -----------------------------------------------------------------------------

.PHONY: pnpm
pnpm: ## Install the pinned pnpm through npm when it is missing
	@command -v pnpm >/dev/null && [ "$$(pnpm --version)" = "$(PNPM_VERSION)" ] || npm install -g pnpm@$(PNPM_VERSION)

node_modules/.modules.yaml: pnpm-lock.yaml package.json pnpm-workspace.yaml | pnpm
	CI=true pnpm install --frozen-lockfile
	@touch $@

.PHONY: deps
deps: node_modules/.modules.yaml ## Install node modules and download Go modules
	@for m in $(GO_MODULES); do (cd $$m && go mod download); done

.PHONY: system-deps
system-deps: ## Install Debian's chromium, zbar-tools, poppler-utils (label barcodes, PDF pages) and nginx (the split topology's proxy) when missing
	@command -v chromium >/dev/null && command -v zbarimg >/dev/null && command -v pdftoppm >/dev/null && PATH="$$PATH:/usr/sbin" command -v nginx >/dev/null || { \
		apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium zbar-tools poppler-utils nginx >/dev/null; }

.PHONY: services
services: ## Start the local PostgreSQL and Redis when they are down
	@pg_isready -q -h 127.0.0.1 -p 5432 || pg_ctlcluster --skip-systemctl-redirect $$(ls /etc/postgresql) main start
	@redis-cli -h 127.0.0.1 -p 6379 ping >/dev/null 2>&1 || redis-server --daemonize yes --bind 127.0.0.1 --port 6379 --save "" --appendonly no
	@for i in $$(seq 1 30); do pg_isready -q -h 127.0.0.1 -p 5432 && redis-cli -h 127.0.0.1 ping >/dev/null 2>&1 && exit 0; sleep 1; done; echo "services did not start" >&2; exit 1

# ---- build and run ------------------------------------------------------------------------

host/dist/index.html: $(WEB_SOURCES) | node_modules/.modules.yaml
	pnpm build
	@touch $@

bin/portal: $(GO_SOURCES) go.work
	CGO_ENABLED=0 go build -trimpath -o $@ ./api/portal/cmd/portal

bin/portal-split: $(GO_SOURCES) go.work
	CGO_ENABLED=0 go build -trimpath -o $@ ./api/portal/cmd/portalsplit

# A phony target, not a line of the build's recipe: a build that fails the check must fail again
# on the next run, though rspack has already written host/dist/index.html.
.PHONY: skew-check
skew-check: host/dist/index.html ## Refuse remotes built with other versions of the shared singletons than the host (docs/skew.md)
	node tooling/rspack/bin/check-skew.js host/dist apps/*/dist

.PHONY: build
build: host/dist/index.html skew-check bin/portal bin/portal-split ## Build the front end (host and remotes) and the Go binaries

# The image the Helm chart runs; IMAGE names it (push it with crane, skopeo or docker load + push).
IMAGE ?= rugged/portal:$(shell git describe --always --dirty 2>/dev/null || echo dev)

.PHONY: image
image: build ## Build the container image tarball bin/portal-image.tar (no container engine needed)
	go run ./api/portal/cmd/portalimage --tag $(IMAGE) --out bin/portal-image.tar

.PHONY: run
run: build ## Run the portal on its embedded defaults (http://127.0.0.1:8080)
	./bin/portal serve

# The split topology's defaults, for run-split only: the machine's PostgreSQL and Redis.
# Override any of them from the environment.
SPLIT_DATABASE ?= portal_split
run-split: export DATABASE_URL ?= postgres://postgres@127.0.0.1:5432/$(SPLIT_DATABASE)?sslmode=disable
run-split: export REDIS_URL ?= redis://127.0.0.1:6379/0
run-split: export REDIS_KEY_PREFIX ?= portal-split:
run-split: export PORTAL_DATA_DIR ?= ./var/split

.PHONY: run-split
run-split: build services system-deps ## Run one process per domain behind nginx on PostgreSQL + Redis (http://127.0.0.1:8080)
	@psql -h 127.0.0.1 -U postgres -tAc "SELECT 1 FROM pg_database WHERE datname = '$(SPLIT_DATABASE)'" | grep -q 1 || createdb -h 127.0.0.1 -U postgres $(SPLIT_DATABASE)
	./bin/portal-split

# ---- checks -------------------------------------------------------------------------------

.PHONY: lint
lint: node_modules/.modules.yaml ## Import direction (Go and TypeScript), go vet, gofmt, eslint
	go run ./api/tools/importlint $(GO_PKGS)
	go vet $(GO_PKGS)
	@unformatted=$$(gofmt -l api); [ -z "$$unformatted" ] || { echo "gofmt needed: $$unformatted"; exit 1; }
	pnpm lint

.PHONY: test-go
# The fault suite runs alone after the rest: it promises verify-serial's p99 under 50 ms while
# Redis is dead, which measures the portal, not whichever package shares the two cores with it.
FAULT_SUITE := rugged.example/portal/api/portal/faultsuite
test-go: services system-deps node_modules/.modules.yaml ## Go tests: unit, store suites on SQLite and PostgreSQL, cache on Redis; then the fault suite alone
	go test -count=1 -p 2 $$(go list $(GO_PKGS) | grep -vx '$(FAULT_SUITE)')
	go test -count=1 $(FAULT_SUITE)

.PHONY: test-web
# pact-js merges into an existing pact file, so pacts/ starts empty: an interaction a test no
# longer records must leave the pact, or the contract gate's hash differs from CI's. turbo.json
# never replays the api-client tests from its cache, since they write pacts/.
test-web: node_modules/.modules.yaml ## Jest tests of packages, host and remotes (Pact consumer tests write pacts/)
	rm -rf pacts
	pnpm test

.PHONY: test-pact
test-pact: test-web ## Verify the consumer pacts against each module's real Gin router (pact-go)
	@for dir in $(PACT_PROVIDERS); do $(MAKE) --no-print-directory pact-verify PACT_PKG=$$dir || exit 1; done

# One provider package's verification against pacts/ (PACT_PKG=api/parts/partspact); the
# contract gate runs it for the providers a remote calls, with PACT_DIR set to the pacts of a
# deployed consumer version when it answers for an environment.
PACT_DIR ?= $(CURDIR)/pacts
.PHONY: pact-verify
pact-verify:
	@test -d "$(PACT_FFI_DIR)" || { echo "pact FFI missing at $(PACT_FFI_DIR)"; exit 1; }
	@test -n "$(PACT_PKG)" || { echo "PACT_PKG names a provider package, e.g. api/parts/partspact"; exit 1; }
	@echo "== $(notdir $(PACT_PKG))"
	cd $(dir $(PACT_PKG)) && CGO_ENABLED=1 CGO_LDFLAGS="-L$(PACT_FFI_DIR) -Wl,-rpath,$(PACT_FFI_DIR)" \
		go test -trimpath -tags pact -c -o $(CURDIR)/bin/$(notdir $(PACT_PKG)).test ./$(notdir $(PACT_PKG))
	cd $(PACT_PKG) && PACT_DIR=$(PACT_DIR) unshare --net sh -c "ip link set lo up && $(CURDIR)/bin/$(notdir $(PACT_PKG)).test -test.count=1"

# The release test publishes the pacts the api-client's tests write: `make test` has written them
# (test-web) by the time it gets here; `make test-e2e` alone writes them once.
pacts: node_modules/.modules.yaml
	pnpm --filter @portal/api-client test

.PHONY: test-e2e
test-e2e: build system-deps pacts ## Browser tests: Playwright driving Debian's chromium against the built portal
	pnpm --filter @portal/e2e e2e

# The contract gate: deploy/contracts/matrix.json records every verification (consumer version,
# provider version, pact content hash, result); api/tools/contractgate says how versions are made.
# Per environment (docs/pact-broker.md gives a pipeline's order): DEPLOYABLE is host, a remote or
# api-<module>, VERSION its package.json version, TO the environment; deploy/contracts records
# releases and deployments (commit it), or the Pact Broker does when PACT_BROKER_BASE_URL is set.
.PHONY: can-i-deploy
can-i-deploy: test-web ## The tree: can REMOTE (e.g. repair) or SERVICE (e.g. parts) deploy? Or can DEPLOYABLE at VERSION deploy TO an environment?
	go run ./api/tools/contractgate can-i-deploy $(if $(TO),$(DEPLOYABLE) $(VERSION) --to $(TO)) $(if $(REMOTE),--remote $(REMOTE)) $(if $(SERVICE),--service $(SERVICE))

.PHONY: publish-contracts
publish-contracts: test-web ## Record each deployable's release (its pacts, or its providers' versions), or publish the pacts to the broker
	go run ./api/tools/contractgate publish

.PHONY: record-deployment
record-deployment: ## Record DEPLOYABLE at VERSION as deployed TO an environment
	go run ./api/tools/contractgate record-deployment $(DEPLOYABLE) $(VERSION) --to $(TO)

.PHONY: contract-check
contract-check: test-web ## Fail when a remote's pacts lack a passing, recorded verification against the providers it deploys with
	go run ./api/tools/contractgate check

# Releases (docs/releasing.md): each deployable has its own version, bumped by changesets.
# BASE is where the change starts: default the merge-base with origin/main, else HEAD~1; the
# working tree is included. RELEASE_PLAN_FLAGS=--json prints JSON, --strict fails on a flag.
.PHONY: release-plan
release-plan: node_modules/.modules.yaml ## Which deployables a change since BASE affects and why, their versions, pending bumps, and a flag where a changeset is missing
	go run ./api/tools/releaseplan $(if $(BASE),--base $(BASE)) $(RELEASE_PLAN_FLAGS)

.PHONY: release-version
release-version: node_modules/.modules.yaml ## Apply the pending changesets: bump versions, write the CHANGELOG.md files and the Go processes' version.go
	pnpm changeset version
	go run ./api/tools/releaseplan sync-versions
	go run ./api/tools/releaseplan check

# Offline: helm is pinned in api/tools (`go tool helm`), the Kubernetes schemas come from the
# pinned k8s.io/kubernetes module (api/tools/chartcheck says how); routes come from bin/portal.
.PHONY: chart-check
chart-check: bin/portal ## Helm chart: lint --strict, manifests strictly valid for Kubernetes 1.36.3, domains.yaml and ingress = portal routes, bad values refused
	go run ./api/tools/chartcheck --chart deploy/helm/portal --portal ./bin/portal

# The chart's processes and paths come from the domain descriptors: a new domain regenerates them.
.PHONY: chart-domains
chart-domains: bin/portal ## Regenerate the Helm chart's domains.yaml (processes and paths) from `portal routes --json`
	go run ./api/tools/chartcheck --chart deploy/helm/portal --portal ./bin/portal --write-domains

# A new domain is its own folder plus its line in compose.Domains (and go.work); everything else
# derives from that list (ARCHITECTURE.md §7).
.PHONY: new-domain
new-domain: ## Scaffold the domain module api/NAME (core, db, api, test, pact, README, migration), registered in compose.Domains
	@test -n "$(NAME)" || { echo "NAME names the new domain, e.g. make new-domain NAME=fleet"; exit 1; }
	go run ./api/tools/newdomain --name $(NAME)
	go run ./api/tools/chartcheck --chart deploy/helm/portal --routes-file <(go run ./api/portal/cmd/portal routes --json) --write-domains

.PHONY: check-new-domain
check-new-domain: services ## Scaffold a domain in a scratch copy of HEAD: it builds, tests, keeps the import direction, is in portal routes and the chart, serves alone
	api/tools/newdomain/check.sh

.PHONY: test
test: lint test-go test-web test-pact contract-check chart-check check-new-domain test-e2e ## Run every test (what CI runs)

.PHONY: bench
bench: build services ## Load-test verify-serial on PostgreSQL + Redis beside a bare Gin handler; report bundle sizes; time a fleet batch's pre-flight of 1,000 rows and its submit of 1,000 RMAs
	go run ./api/portal/cmd/portalbench
	@# The issue-30 floor: 1,000 rows pre-flighted within 10 s (api/batch, PostgreSQL, demo fleet).
	@set -o pipefail; cd api/batch && go test -run '^$$' -bench '^BenchmarkIntegrationPreflight_1000Rows$$' -benchtime 20x ./batch \
		| awk '/^Benchmark/ { printf "%-55s %8.1f ms per batch (PostgreSQL, demo fleet; floor 10 s)\n", "fleet batch pre-flight, 1,000 rows", $$3 / 1e6; next } /FAIL|panic|Error/ { print }'
	@# The issue-30 floor: 1,000 RMAs created within 60 s, with their labels and one e-mail (the wired portal on PostgreSQL).
	@set -o pipefail; cd api/portal && go test -run '^$$' -bench '^BenchmarkIntegrationSubmit_1000RMAs$$' -benchtime 1x -timeout 20m ./compose \
		| awk '/^Benchmark/ { for (i = 2; i <= NF; i++) if ($$i == "s/1000RMAs") s = $$(i-1); printf "%-55s %8.1f s per batch (PostgreSQL; floor 60 s)\n", "fleet batch submit, 1,000 RMAs, labels and e-mail", s; next } /FAIL|panic|Error/ { print }'

.PHONY: loadtest
loadtest: build services ## 500 customers for 60 s on PostgreSQL + Redis (sign in, check serials, upload a photo, create an RMA): throughput, p50/p99 per call, errors, lost RMAs
	go run ./api/portal/cmd/portalload

.PHONY: lighthouse
lighthouse: build system-deps ## Lighthouse mobile audit of home, help-support, parts-order and two signed-in pages: performance, LCP, FCP, TBT, CLS, accessibility, JS transferred, the median of 3 runs per page (LIGHTHOUSE_FLAGS=--check fails on a missed target; --runs=N; --page=PATH audits one of the five; --cpu-slowdown=N slows the CPU Nx instead of 4x; --reports=DIR keeps the median runs' JSON reports)
	pnpm --filter @portal/e2e lighthouse $(LIGHTHOUSE_FLAGS)

# Each fuzz test runs alone for FUZZ_TIME; its seed corpus (testdata/fuzz) also runs in test-go.
FUZZ_TIME ?= 30s
.PHONY: fuzz
fuzz: ## Run every Go fuzz test for FUZZ_TIME each (default 30s)
	go run ./api/tools/fuzzall --fuzztime $(FUZZ_TIME) $(GO_PKGS)

.PHONY: bench-history
bench-history: services ## Keyset vs offset paging of the RMA history on 1,000,000 RMAs in PostgreSQL: p50/p99 at pages 1, 100, 10,000
	go run ./api/portal/cmd/historybench

.PHONY: clean
clean: ## Remove build outputs and the embedded default's data
	rm -rf bin var host/dist apps/*/dist pacts
