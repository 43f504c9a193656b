package telemetry_test

import (
	"testing"

	"github.com/stretchr/testify/require"
)

func TestSignIns_CountFailuresRefusalsAndLockoutsByScope(t *testing.T) {
	tel := newTelemetry(t)
	s, err := tel.SignIns()
	require.NoError(t, err)
	body := scrape(t, tel)
	requireSample(t, body, `portal_idp_sign_in_failures_total`, 0)
	requireSample(t, body, `portal_idp_sign_in_lockouts_total{scope="account"}`, 0)
	requireSample(t, body, `portal_idp_sign_in_lockouts_total{scope="client"}`, 0)

	for range 5 {
		s.SignInFailed()
	}
	s.SignInRefused()
	s.SignInLockedOut("account")
	s.SignInLockedOut("invented") // never a label

	body = scrape(t, tel)
	requireSample(t, body, `portal_idp_sign_in_failures_total`, 5)
	requireSample(t, body, `portal_idp_sign_in_refused_total`, 1)
	requireSample(t, body, `portal_idp_sign_in_lockouts_total{scope="account"}`, 1)
	requireSample(t, body, `portal_idp_sign_in_lockouts_total{scope="client"}`, 0)
	require.NotContains(t, body, "invented")

	_, err = tel.SignIns()
	require.Error(t, err, "registered once per process")
}
