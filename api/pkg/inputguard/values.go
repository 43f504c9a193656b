package inputguard

import (
	"net/url"

	"github.com/gin-gonic/gin"
)

// storedHeaders are the request headers a handler keeps: an Idempotency-Key is stored beside the
// RMA, quote or order it created. A header cannot carry a NUL or a line break, but it can carry
// bytes that are not UTF-8, which PostgreSQL refuses.
var storedHeaders = []string{"Idempotency-Key"}

// checkValues judges the keys and values of a query string or an urlencoded form, parsed as
// handlers parse them (url.ParseQuery: a pair that does not decode is left out for them too).
func checkValues(raw string, found findings) {
	values, _ := url.ParseQuery(raw)
	for key, vs := range values {
		found.name(key, key)
		for _, v := range vs {
			found.text(key, v)
		}
	}
}

// checkParams judges the route's path parameters, named as the route names them.
func checkParams(params gin.Params, found findings) {
	for _, p := range params {
		found.text(p.Key, p.Value)
	}
}

// checkHeaders judges the headers handlers store.
func checkHeaders(c *gin.Context, found findings) {
	for _, name := range storedHeaders {
		for _, v := range c.Request.Header.Values(name) {
			found.text(name, v)
		}
	}
}
