package identity

import (
	"fmt"
	"time"

	"rugged.example/portal/api/identity/identitycore"
	"rugged.example/portal/api/pkg/mail"
)

// lockoutNotice is the e-mail to an account's holder when failed sign-ins lock the account: one
// per lockout. It names no address or device of the attempts, and asks for nothing but a
// word to support if they were not the holder's.
func lockoutNotice(email string, failures int, until time.Time) mail.Message {
	until = identitycore.CeilMinute(until)
	times := fmt.Sprintf("%d times in a row", failures)
	if failures == 1 {
		times = "once"
	}
	return mail.Message{
		To:      []string{email},
		Subject: "Sign-in to your Rugged Service Portal account is paused",
		Text: fmt.Sprintf(`Hello,

Someone entered a wrong password for %s %s.
To protect the account, sign-in is paused until %s.
None of these attempts signed in.

If it was you, wait until then and sign in again with your password.

If it was not you, your password kept them out and nothing else is needed now.
If this happens again, please tell our support team.

Rugged Service Portal
`, email, times, until.Format("15:04 UTC on Monday 2 January 2006")),
	}
}
