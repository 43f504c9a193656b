package paymentsapi

// MaxBody bounds a request body (httpx.DecodeJSON): far above the largest valid service-quote
// request.
const MaxBody = 16 << 10
