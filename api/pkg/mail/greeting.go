package mail

import (
	"fmt"
	"strings"
)

// Greeting opens a customer's e-mail: "Hello Casey,\n\n", or "Hello customer,\n\n" when the
// contact has no first name (an order or quote kept without one), never "Hello ,".
func Greeting(firstName string) string {
	name := strings.TrimSpace(firstName)
	if name == "" {
		name = "customer"
	}
	return fmt.Sprintf("Hello %s,\n\n", name)
}
