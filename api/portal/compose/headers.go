package compose

import "github.com/gin-gonic/gin"

// securityHeaders are sent on every response; the portal is never framed by other sites (same-origin frames stay allowed for the sign-in library's silent renew).
func securityHeaders(c *gin.Context) {
	h := c.Writer.Header()
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Referrer-Policy", "strict-origin-when-cross-origin")
	h.Set("X-Frame-Options", "SAMEORIGIN")
	c.Next()
}
