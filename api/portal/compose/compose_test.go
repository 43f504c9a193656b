package compose_test

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"rugged.example/portal/api/pkg/testkit"
	"rugged.example/portal/api/portal/compose"
)

// webDir lays out what `make build` produces, reduced to the files the shell looks for.
func webDir(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	for path, body := range map[string]string{
		"host/dist/index.html":              "<!doctype html><title>portal</title>",
		"apps/repair/dist/mf-manifest.json": `{"name":"repair"}`,
	} {
		full := filepath.Join(dir, path)
		require.NoError(t, os.MkdirAll(filepath.Dir(full), 0o755))
		require.NoError(t, os.WriteFile(full, []byte(body), 0o644))
	}
	return dir
}

func build(t *testing.T, cfg compose.Config) *compose.App {
	t.Helper()
	app, err := compose.Build(t.Context(), cfg, testkit.Quiet())
	require.NoError(t, err)
	t.Cleanup(func() { require.NoError(t, app.Close()) })
	return app
}

func embeddedConfig(t *testing.T) compose.Config {
	t.Helper()
	t.Setenv("PORTAL_ADDR", "127.0.0.1:18080")
	t.Setenv("PORTAL_DATA_DIR", t.TempDir())
	t.Setenv("PORTAL_WEB_DIR", webDir(t))
	cfg, err := compose.LoadConfig()
	require.NoError(t, err)
	return cfg
}

func serve(app *compose.App, method, path, token string) *httptest.ResponseRecorder {
	req := httptest.NewRequest(method, path, nil)
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	w := httptest.NewRecorder()
	app.Engine.ServeHTTP(w, req)
	return w
}

// devToken mints a token the way `portal dev-token` does: a second provider on the same data dir.
func devToken(t *testing.T, cfg compose.Config, email string) string {
	t.Helper()
	gdb, err := compose.OpenDatabase(t.Context(), cfg, testkit.Quiet())
	require.NoError(t, err)
	t.Cleanup(func() {
		if sqlDB, err := gdb.DB(); err == nil {
			sqlDB.Close()
		}
	})
	idp, err := compose.EmbeddedIdentity(t.Context(), cfg, gdb, testkit.Quiet())
	require.NoError(t, err)
	tok, err := idp.MintAccessToken(t.Context(), email, 0)
	require.NoError(t, err)
	return tok
}

func TestLoadConfig_DerivesPublicURLAndAudience(t *testing.T) {
	cfg := embeddedConfig(t)
	require.Equal(t, "http://127.0.0.1:18080", cfg.PublicURL)
	require.Equal(t, "http://127.0.0.1:18080/idp", cfg.Issuer())
	require.Equal(t, "service-portal", cfg.OIDCAudience)
	require.True(t, cfg.EmbeddedIdentity())
}

func TestLoadConfig_RefusesAScopeWithoutOfflineAccess(t *testing.T) {
	t.Setenv("OIDC_SCOPE", "openid profile email roles")
	_, err := compose.LoadConfig()
	require.ErrorContains(t, err, "lacks offline_access")
}

func TestBuild_EmbeddedDefaultsServeShellAPIAndProvider(t *testing.T) {
	cfg := embeddedConfig(t)
	app := build(t, cfg)

	require.Equal(t, http.StatusOK, serve(app, http.MethodHead, "/", "").Code)
	require.Equal(t, http.StatusOK, serve(app, http.MethodGet, "/readyz", "").Code)

	var rc struct {
		OIDC    struct{ Authority, ClientID string }
		Remotes map[string]string
	}
	require.NoError(t, json.Unmarshal(serve(app, http.MethodGet, "/runtime-config.json", "").Body.Bytes(), &rc))
	require.Equal(t, cfg.Issuer(), rc.OIDC.Authority)
	require.Equal(t, "/remotes/repair/mf-manifest.json", rc.Remotes["repair"])
	require.Equal(t, http.StatusOK, serve(app, http.MethodGet, "/remotes/repair/mf-manifest.json", "").Code)

	discovery := serve(app, http.MethodGet, "/idp/.well-known/openid-configuration", "")
	require.Equal(t, http.StatusOK, discovery.Code)
	require.Contains(t, discovery.Body.String(), `"issuer":"`+cfg.Issuer()+`"`)

	page := serve(app, http.MethodGet, "/create-rma/RT10000001", "")
	require.Equal(t, http.StatusOK, page.Code)
	require.Contains(t, page.Body.String(), "<title>portal</title>")
	require.Equal(t, http.StatusNotFound, serve(app, http.MethodGet, "/rma-manager/rma/nothing-here", "").Code)
}

func TestBuild_AcceptsDevTokensAndAnswersAsTheUser(t *testing.T) {
	cfg := embeddedConfig(t)
	app := build(t, cfg)
	casey := devToken(t, cfg, "casey@example.com")

	w := serve(app, http.MethodGet, "/rma-manager/rma/verify-serial?serial=RT10000006", casey)
	require.Equal(t, http.StatusOK, w.Code)
	require.Contains(t, w.Body.String(), `"cardState":"rma-exists"`)

	me := serve(app, http.MethodGet, "/me", casey)
	require.Equal(t, http.StatusOK, me.Code)
	require.Contains(t, me.Body.String(), `"email":"casey@example.com"`)

	nora := devToken(t, cfg, "nora@example.com")
	require.Equal(t, http.StatusForbidden, serve(app, http.MethodGet, "/rma-manager/rma/verify-serial?serial=RT10000001", nora).Code)
	require.Equal(t, http.StatusUnauthorized, serve(app, http.MethodGet, "/rma-manager/rma/verify-serial?serial=RT10000001", casey[:len(casey)-4]+"AAAA").Code)
}

func TestIntegrationBuild_OnPostgreSQLAndRedis(t *testing.T) {
	cfg := embeddedConfig(t)
	t.Setenv("DATABASE_URL", testkit.PostgresURL(t))
	t.Setenv("REDIS_URL", testkit.RedisURL(t))
	t.Setenv("REDIS_KEY_PREFIX", "test:"+strings.ReplaceAll(t.Name(), "/", "-")+":")
	cfg, err := compose.LoadConfig()
	require.NoError(t, err)
	migrateAndSeed(t, cfg)

	app := build(t, cfg)
	var ready struct {
		Status string            `json:"status"`
		Checks map[string]string `json:"checks"`
	}
	require.NoError(t, json.Unmarshal(serve(app, http.MethodGet, "/readyz", "").Body.Bytes(), &ready))
	require.Equal(t, "ok", ready.Status)
	require.Equal(t, map[string]string{"database": "ok", "cache": "ok"}, ready.Checks)
	w := serve(app, http.MethodGet, "/rma-manager/rma/verify-serial?serial=RT10000002", devToken(t, cfg, "olivia@fleetco.example"))
	require.Equal(t, http.StatusOK, w.Code)
	require.Contains(t, w.Body.String(), `"cardState":"out-of-warranty"`)
}

func TestBuild_RefusesToStartWithoutABuiltHost(t *testing.T) {
	cfg := embeddedConfig(t)
	cfg.WebDir = t.TempDir()
	_, err := compose.Build(t.Context(), cfg, testkit.Quiet())
	require.ErrorContains(t, err, "make build")
}

func TestBuild_GraphQLRepairFormSelections(t *testing.T) {
	cfg := embeddedConfig(t)
	app := build(t, cfg)
	query := `{"query":"query($pn:String!,$model:String!,$rmaType:String!,$serial:String!){repairFormSelections(pn:$pn,model:$model,rmaType:$rmaType,serial:$serial){name options{name price{cents currency} tip}}}","variables":{"pn":"x","model":"forged","rmaType":"REPAIR","serial":"RT10000004"}}`
	post := func(body, token string) *httptest.ResponseRecorder {
		req := httptest.NewRequest(http.MethodPost, "/graphql", strings.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		if token != "" {
			req.Header.Set("Authorization", "Bearer "+token)
		}
		w := httptest.NewRecorder()
		app.Engine.ServeHTTP(w, req)
		return w
	}
	casey := devToken(t, cfg, "casey@example.com")

	w := post(query, casey)
	require.Equal(t, http.StatusOK, w.Code)
	require.JSONEq(t, `{"data":{"repairFormSelections":[]}}`, w.Body.String(), "EX70 (the registry's model) has no options")

	w = post(strings.Replace(query, "RT10000004", "RT10000001", 1), casey)
	require.Contains(t, w.Body.String(), `{"name":"Display","options":[{"name":"Cracked or broken screen","price":{"cents":28900,"currency":"USD"}`)

	w = post(strings.Replace(query, "RT10000004", "ZZ99999999", 1), casey)
	require.Contains(t, w.Body.String(), `"code":"NOT_FOUND"`)
	require.Contains(t, w.Body.String(), `"message":"Serial Not Found"`)

	w = post(query, "")
	require.Equal(t, http.StatusOK, w.Code, "GraphQL answers anonymous callers field by field")
	require.Contains(t, w.Body.String(), `"code":"UNAUTHENTICATED"`)
	require.Equal(t, http.StatusUnauthorized, post(query, "forged.token.value").Code, "a bad token is refused outright")
}

func TestBuild_SupportTicketsContactFormAndBanner(t *testing.T) {
	cfg := embeddedConfig(t)
	app := build(t, cfg)
	send := func(method, path, body, token string) *httptest.ResponseRecorder {
		req := httptest.NewRequest(method, path, strings.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		if token != "" {
			req.Header.Set("Authorization", "Bearer "+token)
		}
		w := httptest.NewRecorder()
		app.Engine.ServeHTTP(w, req)
		return w
	}
	casey, adam := devToken(t, cfg, "casey@example.com"), devToken(t, cfg, "adam@example.com")

	ticket := `{"query":"mutation($t:TicketInput!){createServiceSupportTicket(ticketInput:$t){success error uid complete}}","variables":{"t":{"name":"Casey Morgan","emailAddress":"casey@example.com","phone":"(512)555-0142","subject":"Dock does not charge","description":"The vehicle dock stopped charging the tablet.","caseType":"Hardware","model":"ST12","serial":"RT10000002"}}}`
	w := send(http.MethodPost, "/graphql", ticket, casey)
	require.Contains(t, w.Body.String(), `"success":true`)
	require.Contains(t, w.Body.String(), `"uid":"TCK-`)
	bad := strings.Replace(ticket, "(512)555-0142", "555", 1)
	require.Contains(t, send(http.MethodPost, "/graphql", bad, casey).Body.String(), `"error":"Phone: Invalid Format or Number"`)
	require.Contains(t, send(http.MethodPost, "/graphql", `{"query":"{myServiceSupportTickets{uid subject}}"}`, casey).Body.String(), `"subject":"Dock does not charge"`)
	require.Contains(t, send(http.MethodPost, "/graphql", ticket, "").Body.String(), `"UNAUTHENTICATED"`)

	banner := `{"query":"{queryCommonReport(reportId:\"QUERY_RMA_WARNING\"){message isWarning isPaused}}"}`
	require.NotContains(t, send(http.MethodPost, "/graphql", banner, "").Body.String(), `"isWarning":true`)
	rows := `[{"message":"Repairs are delayed by 2 days this week.","isWarning":true,"isPaused":false}]`
	require.Equal(t, http.StatusForbidden, send(http.MethodPut, "/admin/reports/QUERY_RMA_WARNING", rows, casey).Code)
	require.Equal(t, http.StatusOK, send(http.MethodPut, "/admin/reports/QUERY_RMA_WARNING", rows, adam).Code)
	require.Contains(t, send(http.MethodPost, "/graphql", banner, "").Body.String(), `{"message":"Repairs are delayed by 2 days this week.","isWarning":true,"isPaused":false}`)

	contact := `{"firstName":"Sam","lastName":"Lee","email":"sam@example.com","phone":"","company":"","subject":"Broken hinge","primaryFault":"broken","desc":"The hinge cracked."}`
	require.JSONEq(t, `{"success":true}`, send(http.MethodPost, "/contact-form", contact, "").Body.String())
}

func TestConfig_ServiceNameNamesTheProcessByItsDomains(t *testing.T) {
	cfg := embeddedConfig(t)
	require.Equal(t, "portal", cfg.ServiceName(), "the all-in-one process")
	cfg.Services = compose.Services{compose.ServiceRepair}
	require.Equal(t, "portal-repair", cfg.ServiceName())
	cfg.Services = compose.Services{compose.ServiceGeo, compose.ServiceShipping}
	require.Equal(t, "portal-geo-shipping", cfg.ServiceName())
}

func scrape(t *testing.T, app *compose.App) string {
	t.Helper()
	w := httptest.NewRecorder()
	app.Admin.ServeHTTP(w, httptest.NewRequest(http.MethodGet, "/metrics", nil))
	require.Equal(t, http.StatusOK, w.Code)
	return w.Body.String()
}

func TestBuild_MetricsAreOnTheAdminHandlerNeverOnThePublicEngine(t *testing.T) {
	cfg := embeddedConfig(t)
	require.Equal(t, "127.0.0.1:9464", cfg.AdminAddr, "the default admin listener")
	app := build(t, cfg)
	for _, path := range []string{"/metrics", "/metrics/"} {
		require.Equal(t, http.StatusNotFound, serve(app, http.MethodGet, path, "").Code, path)
	}
	require.Equal(t, http.StatusOK, serve(app, http.MethodGet, "/healthz", "").Code)
	casey := devToken(t, cfg, "casey@example.com")
	require.Equal(t, http.StatusOK, serve(app, http.MethodGet, "/rma-manager/rma/verify-serial?serial=RT10000001", casey).Code)

	body := scrape(t, app)
	for _, want := range []string{
		`portal_http_requests_total{method="GET",route="/healthz",status="200"} 1`,
		`portal_http_requests_total{method="GET",route="/rma-manager/rma/verify-serial",status="200"} 1`,
		`portal_http_requests_total{method="GET",route="unmatched",status="404"} 2`,
		`go_sql_open_connections{db_name="portal"}`,
		`portal_cache_lookups_total{result="miss"}`,
		"portal_mail_outbox_pending 0",
		"portal_mail_outbox_oldest_pending_age_seconds 0",
	} {
		require.Contains(t, body, want)
	}
	require.NotContains(t, body, "RT10000001", "route templates, never raw paths")
}

func TestBuild_OneDomainsProcessKeepsMetricsOffItsPublicEngine(t *testing.T) {
	cfg := split(t)
	cfg.Services = compose.Services{compose.ServiceGeo}
	geo := build(t, cfg)
	require.Equal(t, http.StatusNotFound, serve(geo, http.MethodGet, "/metrics", "").Code, "nor on a single domain's process")
	require.NotContains(t, scrape(t, geo), "portal_mail_outbox_pending", "a process that writes no mail leaves the outbox to those that do")
}

func TestBuild_EveryProcessThatWritesMailWatchesTheOutbox(t *testing.T) {
	cfg := split(t)
	// Each of these queues e-mails in its transactions (the parts process: order confirmations
	// and PO receipts), so each also delivers the outbox and reports it.
	for _, s := range []string{compose.ServiceRepair, compose.ServiceRecycle, compose.ServiceSupport,
		compose.ServiceGraphQL, compose.ServicePayments, compose.ServiceParts} {
		cfg.Services = compose.Services{s}
		require.True(t, strings.Contains(scrape(t, build(t, cfg)), "portal_mail_outbox_pending"), "the %s process watches the outbox", s)
	}
}
