package loaddriver

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"mime/multipart"
	"net/http"
	"time"

	"rugged.example/portal/api/rma/rma"
	"rugged.example/portal/api/rma/rmadb"
)

// PNGPixel is a valid 1×1 PNG, the photo every driven RMA carries.
var PNGPixel = []byte("\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x00\x01\x00\x00\x00\x01\x08\x06\x00\x00\x00\x1f\x15\xc4\x89\x00\x00\x00\rIDATx\x9cc\xf8\x0f\x00\x00\x01\x01\x00\x05\x18\xd8N\x00\x00\x00\x00IEND\xaeB`\x82")

// CreatableUnits are the units of units a customer can open a repair RMA for without paying
// and whose model has repair options. A unit takes one open RMA, so each create needs its own.
func CreatableUnits(units []rma.Unit, today time.Time) []rma.Unit {
	options := rmadb.DemoRepairOptions()
	var out []rma.Unit
	for _, u := range units {
		if u.ValidForNewRMA() && len(options[u.Model]) > 0 && u.InWarranty(today) && !u.AdvanceExchange() {
			out = append(out, u)
		}
	}
	return out
}

// CreatePayload is the body of POST /rma-manager/rma/create for a standard repair of u, with
// the uploaded attachments (bucket file names), shipped with a prepaid label from Austin.
func CreatePayload(u rma.Unit, attachments ...string) map[string]any {
	faults := rmadb.DemoRepairOptions()[u.Model]
	if attachments == nil {
		attachments = []string{}
	}
	return map[string]any{
		"serial": u.Serial,
		"rmaInput": map[string]any{
			"rmaType": "REPAIR", "primaryFault": faults[0].Name, "problem": faults[0].Options[0].Name,
			"initialNotes": "Load test RMA", "attachments": attachments,
			"permissions": map[string]any{"acknowledgeHddBackup": true, "hasDeviceData": false},
			"acc":         map[string]any{},
		},
		"address":   map[string]any{"line1": "2100 Riverside Dr", "city": "Austin", "state": "TX", "country": "US", "postalCode": "78741"},
		"contact":   map[string]any{"firstName": "Casey", "lastName": "Morgan", "email": "casey@example.com", "phone": "5125550142", "phoneCountryCode": "US"},
		"packaging": map[string]any{"havePackaging": true},
	}
}

// Upload sends one file as the browser does and returns its bucket file name.
func Upload(ctx context.Context, client *http.Client, base, token, name string, content io.Reader) (string, error) {
	_, fileName, err := UploadStatus(ctx, client, base, token, name, content)
	return fileName, err
}

// UploadStatus is Upload that also returns the answer's status (0 when none came).
func UploadStatus(ctx context.Context, client *http.Client, base, token, name string, content io.Reader) (int, string, error) {
	pr, pw := io.Pipe()
	mw := multipart.NewWriter(pw)
	go func() {
		part, err := mw.CreateFormFile("files[0]", name)
		if err == nil {
			_, err = io.Copy(part, content)
		}
		if err == nil {
			err = mw.Close()
		}
		pw.CloseWithError(err)
	}()
	req, _ := http.NewRequestWithContext(ctx, http.MethodPost, base+"/bucket-uploader/upload-rma-attachment", pr)
	req.Header.Set("Authorization", "Bearer "+token)
	req.Header.Set("Content-Type", mw.FormDataContentType())
	resp, err := client.Do(req)
	if err != nil {
		return 0, "", err
	}
	defer resp.Body.Close()
	var files []struct {
		BucketFileName string `json:"bucketFileName"`
	}
	if resp.StatusCode != http.StatusOK {
		_, _ = io.Copy(io.Discard, resp.Body)
		return resp.StatusCode, "", fmt.Errorf("upload: status %d", resp.StatusCode)
	}
	if json.NewDecoder(resp.Body).Decode(&files) != nil || len(files) == 0 {
		return resp.StatusCode, "", fmt.Errorf("upload: no file in the answer")
	}
	return resp.StatusCode, files[0].BucketFileName, nil
}

// Created is what a create call answered.
type Created struct {
	Status int
	// RMANumber is set when the portal acknowledged the RMA (200 with its number).
	RMANumber string
	// RetryAfter is the Retry-After header of a 503, in seconds (0 when absent).
	RetryAfter int
	// Refusal is the start of the body of an answer other than 200.
	Refusal string
}

// Create posts payload to /rma-manager/rma/create with the Idempotency-Key key.
func Create(ctx context.Context, client *http.Client, base, token, key string, payload map[string]any) (Created, error) {
	body, err := json.Marshal(payload)
	if err != nil {
		return Created{}, err
	}
	req, _ := http.NewRequestWithContext(ctx, http.MethodPost, base+"/rma-manager/rma/create", bytes.NewReader(body))
	req.Header.Set("Authorization", "Bearer "+token)
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Idempotency-Key", key)
	resp, err := client.Do(req)
	if err != nil {
		return Created{}, err
	}
	defer resp.Body.Close()
	out := Created{Status: resp.StatusCode}
	if resp.StatusCode == http.StatusServiceUnavailable {
		_, _ = fmt.Sscan(resp.Header.Get("Retry-After"), &out.RetryAfter)
	}
	if resp.StatusCode != http.StatusOK {
		b, _ := io.ReadAll(io.LimitReader(resp.Body, 300))
		out.Refusal = string(b)
		_, _ = io.Copy(io.Discard, resp.Body)
		return out, nil
	}
	var answer struct {
		RMANumber string `json:"rmaNumber"`
	}
	if err := json.NewDecoder(resp.Body).Decode(&answer); err != nil {
		return out, fmt.Errorf("create: unreadable answer: %w", err)
	}
	out.RMANumber = answer.RMANumber
	return out, nil
}

// VerifySerial calls GET /rma-manager/rma/verify-serial and returns the status.
func VerifySerial(ctx context.Context, client *http.Client, base, token, serial string) (int, error) {
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, base+"/rma-manager/rma/verify-serial?serial="+serial, nil)
	req.Header.Set("Authorization", "Bearer "+token)
	resp, err := client.Do(req)
	if err != nil {
		return 0, err
	}
	_, _ = io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	return resp.StatusCode, nil
}
