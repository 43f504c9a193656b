package supportdb_test

import (
	"rugged.example/portal/api/pkg/fault"
	"rugged.example/portal/api/pkg/mail"
)

type mailMessage = mail.Message

func faultFields(err error) (map[string]string, bool) {
	f, ok := fault.As(err)
	if !ok {
		return nil, false
	}
	return f.Fields, true
}
