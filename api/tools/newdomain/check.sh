#!/usr/bin/env bash
# `make check-new-domain`: scaffolds a domain in a scratch copy of the committed tree (git
# archive, never a worktree) and proves what `make new-domain` promises: the module builds and
# passes its tests, keeps the import direction, `portal routes` lists its route, the Helm chart
# runs it as a process, and `portal serve --services=<it>` serves it alone. The scaffold cannot
# rot unnoticed.
set -euo pipefail
name=${1:-scaffoldcheck}
# -trimpath keeps the scratch directory out of the build cache's keys, so what the committed
# tree built before is reused instead of compiling the workspace again.
export GOFLAGS="-buildvcs=false -trimpath"
start=$SECONDS
scratch=$(mktemp -d)
pid=
cleanup() {
	if [ -n "$pid" ]; then kill "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; fi
	rm -rf "$scratch"
}
trap cleanup EXIT
git archive HEAD | tar -x -C "$scratch"
cd "$scratch"

go run ./api/tools/newdomain --name "$name"
go vet ./api/"$name"/... && go vet -tags pact ./api/"$name"/...
go test -count=1 ./api/"$name"/...
CGO_ENABLED=0 go build -o bin/portal ./api/portal/cmd/portal
./bin/portal routes --json >bin/routes.json
# Its release (docs/releasing.md): a package.json at 1.0.0 whose version and dependencies the Go
# side records, named by portal routes and answered on the process's probes below.
go run ./api/tools/releaseplan check
grep -q "{\"name\":\"$name\",\"paths\":\[\"/$name\"\],\"deployable\":\"api-$name\",\"version\":\"1.0.0\"}" bin/routes.json
go run ./api/tools/importlint -registry bin/routes.json ./api/"$name"/... ./api/portal/compose/...
go run ./api/tools/chartcheck --chart deploy/helm/portal --routes-file bin/routes.json --write-domains
go run ./api/tools/chartcheck --chart deploy/helm/portal --routes-file bin/routes.json --quick
./bin/portal routes | grep -E "^$name +GET +/$name/items +customer\$"

# Its own process, as the chart runs it: ready, and its route refuses a caller without a token.
port=$((20000 + RANDOM % 10000))
PORTAL_DATA_DIR="$scratch/var" PORTAL_ADDR=127.0.0.1:$port PORTAL_ADMIN_ADDR=127.0.0.1:0 \
	./bin/portal serve --services="$name" >bin/serve.log 2>&1 &
pid=$!
for _ in $(seq 1 100); do
	curl -fs "http://127.0.0.1:$port/readyz" >/dev/null && break
	kill -0 "$pid" 2>/dev/null || { cat bin/serve.log; exit 1; }
	sleep 0.2
done
curl -fs "http://127.0.0.1:$port/healthz" | grep -q "\"versions\":{\"api-$name\":\"1.0.0\"}" || { echo "/healthz does not answer api-$name 1.0.0"; exit 1; }
status=$(curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$port/$name/items")
[ "$status" = 401 ] || { echo "GET /$name/items answered $status on its own process, want 401"; cat bin/serve.log; exit 1; }
echo "check-new-domain: ok ($((SECONDS - start)) s)"
