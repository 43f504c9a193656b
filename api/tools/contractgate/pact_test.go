package main

import (
	"encoding/base64"
	"fmt"
	"testing"
)

// uploadPact is a pact with two interactions, in the given order, written by pact-js jsVersion,
// whose multipart request uses boundary.
func uploadPact(reversed bool, jsVersion, boundary string, status int) []byte {
	body := base64.StdEncoding.EncodeToString([]byte("--" + boundary + "\r\nContent-Disposition: form-data; name=\"file\"\r\n\r\n%PDF\r\n--" + boundary + "--\r\n"))
	upload := fmt.Sprintf(`{"description":"an upload of one PDF","providerStates":[{"name":"casey is signed in"}],
		"request":{"method":"POST","path":"/upload","headers":{"Content-Type":["multipart/form-data; boundary=%s"]},
		"body":{"content":%q,"contentType":"multipart/form-data","encoded":"base64"}},
		"response":{"status":%d},"type":"Synchronous/HTTP"}`, boundary, body, status)
	countries := `{"description":"a request for the countries","request":{"method":"GET","path":"/fn/countries"},
		"response":{"status":200,"body":{"content":[{"name":"United States","geonameId":6252001}]}},"type":"Synchronous/HTTP"}`
	list := upload + "," + countries
	if reversed {
		list = countries + "," + upload
	}
	return fmt.Appendf(nil, `{"consumer":{"name":"portal-web"},"provider":{"name":"portal-uploads-api"},"interactions":[%s],
		"metadata":{"pact-js":{"version":%q},"pactRust":{"ffi":"0.5.8"},"pactSpecification":{"version":"4.0"}}}`, list, jsVersion)
}

func TestHashPact_IgnoresWhatJestAndPactJsVaryBetweenRuns(t *testing.T) {
	want, err := hashPact(uploadPact(false, "17.1.4", "KFt8UY6PUxscMVHu", 201))
	if err != nil {
		t.Fatal(err)
	}
	for name, pact := range map[string][]byte{
		"interactions in another order": uploadPact(true, "17.1.4", "KFt8UY6PUxscMVHu", 201),
		"another pact-js version":       uploadPact(false, "18.0.0", "KFt8UY6PUxscMVHu", 201),
		"another multipart boundary":    uploadPact(false, "17.1.4", "pq52V5cLeX6vawFl", 201),
	} {
		got, err := hashPact(pact)
		if err != nil {
			t.Fatal(err)
		}
		if got != want {
			t.Errorf("%s changed the hash", name)
		}
	}
}

func TestHashPact_AChangedContractChangesTheHash(t *testing.T) {
	a, err := hashPact(uploadPact(false, "17.1.4", "b", 201))
	if err != nil {
		t.Fatal(err)
	}
	b, err := hashPact(uploadPact(false, "17.1.4", "b", 200))
	if err != nil {
		t.Fatal(err)
	}
	if a == b {
		t.Fatal("a different expected status gave the same hash")
	}
}
