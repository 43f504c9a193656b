//go:build pact

package geopact

import (
	"testing"

	"github.com/gin-gonic/gin"

	"rugged.example/portal/api/geo/geo"
	"rugged.example/portal/api/geo/geoapi"
	"rugged.example/portal/api/pkg/pacttest"
	"rugged.example/portal/api/pkg/testkit"
)

// The lists are reference data shipped with the code: no provider state is needed.
func TestProvider_HonoursTheBrowsersPacts(t *testing.T) {
	places, err := geo.Load()
	if err != nil {
		t.Fatal(err)
	}
	gin.SetMode(gin.ReleaseMode)
	r := gin.New()
	geoapi.Routes(r, places, testkit.Quiet())
	pacttest.Verify(t, "portal-geo-api", r, nil, nil)
}
