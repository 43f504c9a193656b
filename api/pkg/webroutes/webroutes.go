// Package webroutes is the server's view of the web route table (packages/routes/src/paths.ts):
// the pages it sends people to, such as the page a payment provider returns the payer to. Cores
// ask for a page by its route name instead of writing its path, and a test reads paths.ts so that
// renaming or moving one of these routes there fails the Go build's tests instead of silently
// sending payers to a page that no longer exists.
package webroutes

import (
	"fmt"
	"net/url"
	"strings"
)

// Name is a route's name in paths.ts.
type Name string

// The routes the server links to. Only these are mirrored: a page the server never links to needs
// no Go name.
const (
	CreateRMA               Name = "create-rma"
	UpgradeDevice           Name = "upgrade-device"
	PayQuote                Name = "pay-quote"
	PayQuoteByAuthorize     Name = "pay-quote-by-authorize"
	RMAHistory              Name = "rma-history"
	AuthNetResponse         Name = "authnet-response"
	ServiceQuoteCancel      Name = "service-quote-cancel"
	PartsOrderCheckout      Name = "parts-order-checkout"
	VideoPartsOrderCheckout Name = "video-parts-order-checkout"
)

// patterns are the routes' paths exactly as paths.ts writes them (react-router syntax: `:name`
// is a required segment, `:name?` an optional one); webroutes_test.go compares them with it.
var patterns = map[Name]string{
	CreateRMA:               "/create-rma/:serial?",
	UpgradeDevice:           "/upgrade-device/:serial?",
	PayQuote:                "/pay-quote/:quoteid?/:reference",
	PayQuoteByAuthorize:     "/pay-quote-by-authorize/:quoteid?/:reference",
	RMAHistory:              "/your-account/rma-history",
	AuthNetResponse:         "/authnet-response",
	ServiceQuoteCancel:      "/service-quote-cancel",
	PartsOrderCheckout:      "/parts-order/checkout",
	VideoPartsOrderCheckout: "/video-parts-order/checkout",
}

// Params are a route's parameters by name, unescaped.
type Params map[string]string

// Path is name's path with params filled in and path-escaped, as the browser's router builds it:
// an optional parameter left out drops its segment. The names and their parameters are fixed in
// code, so an unknown name or a required parameter left out is a programming error and panics,
// as regexp.MustCompile does.
func Path(name Name, params Params) string {
	pattern, ok := patterns[name]
	if !ok {
		panic(fmt.Sprintf("webroutes: no route %q", name))
	}
	var b strings.Builder
	for _, seg := range strings.Split(strings.TrimPrefix(pattern, "/"), "/") {
		param, isParam := strings.CutPrefix(seg, ":")
		if !isParam {
			b.WriteString("/" + seg)
			continue
		}
		param, optional := strings.CutSuffix(param, "?")
		value, given := params[param]
		switch {
		case given:
			b.WriteString("/" + url.PathEscape(value))
		case !optional:
			panic(fmt.Sprintf("webroutes: route %q needs the parameter %q", name, param))
		}
	}
	return b.String()
}
