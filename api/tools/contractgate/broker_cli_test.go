package main

import (
	"context"
	"strings"
	"testing"
)

// With a broker, publish sends each web deployable's pacts at its own release version, and
// record-deployment and can-i-deploy --to ask the broker, not the embedded matrix.
func TestRunBroker_TheCLIsCommandsReachTheBroker(t *testing.T) {
	f := newFakeBroker(t, "Bearer "+testToken)
	b := testBroker(t, f, testToken)
	src := t.TempDir()
	writePact(t, src, "portal-web", "parts", "a request for the parts catalogue")
	tr := tree{
		Deployables: []deployable{{Name: "repair", Release: "1.3.0", Providers: []string{"parts"}}},
		Providers:   map[string]provider{"parts": {Name: "parts", Module: "parts"}},
	}
	ctx := context.Background()
	if ok, err := runBroker(ctx, b, "publish", nil, "", "main", src, tr); err != nil || !ok {
		t.Fatalf("publish = %v, %v", ok, err)
	}
	published := f.requestsTo("POST", "/contracts/publish")
	if len(published) != 1 || !strings.Contains(string(published[0].Body), `"pacticipantVersionNumber":"1.3.0"`) || !strings.Contains(string(published[0].Body), `"pacticipantName":"repair"`) {
		t.Fatalf("publish requests: %+v", published)
	}
	if _, err := runBroker(ctx, b, "record-deployment", []string{"api-parts", "2.0.0"}, "staging", "", src, tr); err != nil {
		t.Fatalf("record-deployment: %v", err)
	}
	if got := f.requestsTo("POST", "/pacticipants/parts/versions/2.0.0/deployed-versions/environment/uuid-staging"); len(got) != 1 {
		t.Errorf("record-deployment of api-parts did not record its provider parts: %+v", f.all())
	}
}
