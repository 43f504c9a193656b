package batch

import (
	"context"
	"strings"
	"time"

	"rugged.example/portal/api/pkg/keyset"
	"rugged.example/portal/api/pkg/visibility"
)

// Get is batch id as v sees it: the owner's and their organization's members' (as they see the
// organization's RMAs), with each created row's RMA status now. Anyone else's answers ErrNotFound.
func (s *Service) Get(ctx context.Context, v visibility.Viewer, id string) (Batch, error) {
	b, err := s.visible(ctx, v, id)
	if err != nil {
		return Batch{}, err
	}
	return s.withStatuses(ctx, b)
}

// visible is batch id, with its rows, when v sees it, else ErrNotFound.
func (s *Service) visible(ctx context.Context, v visibility.Viewer, id string) (Batch, error) {
	return s.seen(ctx, v, id, s.d.Store.Batch)
}

// visibleHeader is visible without the rows: what the events' polls and the PDF need.
func (s *Service) visibleHeader(ctx context.Context, v visibility.Viewer, id string) (Batch, error) {
	return s.seen(ctx, v, id, s.d.Store.BatchHeader)
}

func (s *Service) seen(ctx context.Context, v visibility.Viewer, id string, read func(context.Context, string) (Batch, error)) (Batch, error) {
	id = strings.TrimSpace(id)
	if !ValidID(id) {
		return Batch{}, ErrNotFound
	}
	b, err := read(ctx, id)
	if err != nil {
		return Batch{}, err
	}
	if !v.Sees(b.Owner, b.Org) {
		return Batch{}, ErrNotFound
	}
	return b, nil
}

// own is batch id when v may change it: its owner. A member of its organization who did not
// submit it gets ErrNotOwner; anyone else ErrNotFound.
func (s *Service) own(ctx context.Context, v visibility.Viewer, id string) (Batch, error) {
	b, err := s.visible(ctx, v, id)
	if err != nil {
		return Batch{}, err
	}
	if !v.Owns(b.Owner) {
		return Batch{}, ErrNotOwner
	}
	return b, nil
}

// withStatuses reads the RMA statuses of b's created rows, in one read.
func (s *Service) withStatuses(ctx context.Context, b Batch) (Batch, error) {
	var numbers []string
	for _, r := range b.Rows {
		if r.RMANumber != "" {
			numbers = append(numbers, r.RMANumber)
		}
	}
	if len(numbers) == 0 {
		return b, nil
	}
	statuses, err := s.d.RMAs.StatusesByNumbers(ctx, numbers)
	if err != nil {
		return Batch{}, err
	}
	for i := range b.Rows {
		b.Rows[i].RMAStatus = statuses[b.Rows[i].RMANumber]
	}
	return b, nil
}

// Progress counts batch id's rows as v sees them (the events route polls it).
func (s *Service) Progress(ctx context.Context, v visibility.Viewer, id string) (Counts, error) {
	if _, err := s.visibleHeader(ctx, v, id); err != nil {
		return Counts{}, err
	}
	return s.d.Store.Progress(ctx, id)
}

// OpenDocuments streams the batch's one PDF (labels and packing lists) to whoever sees the
// batch: the document is its owner's, served here after the batch's own visibility check.
// Before the documents exist: ErrDocumentsNotReady.
func (s *Service) OpenDocuments(ctx context.Context, v visibility.Viewer, id string) (OpenedDocument, error) {
	b, err := s.visibleHeader(ctx, v, id)
	if err != nil {
		return OpenedDocument{}, err
	}
	if b.DocumentID == "" {
		return OpenedDocument{}, ErrDocumentsNotReady
	}
	doc, err := s.d.Documents.OpenDocument(ctx, b.Owner, b.DocumentID)
	doc.BatchID = b.ID
	return doc, err
}

// MaxPage is the most batches one page of the list holds; DefaultPage is a page not sized.
const (
	MaxPage     = 100
	DefaultPage = 25
)

// Page is one page of the list.
type Page struct {
	Items     []Listed
	HasNext   bool
	EndCursor string
}

// listOrder binds the list's cursors: newest first, by creation time and id (keyset, as every
// list of the portal pages).
var listOrder = keyset.Order{Version: "b1", Field: "createdAt", Desc: true}

// MsgBadCursor refuses an after that is no page's end.
const MsgBadCursor = "Must be a cursor of a previous page"

// MsgPageSize refuses a page size outside 1..MaxPage.
const MsgPageSize = "Must be 1 to 100"

// listRefusals are keyset's refusals in the list's fields and words.
var listRefusals = keyset.Refusals{
	PageSize:  validationOf("first", MsgPageSize),
	BadCursor: validationOf("after", MsgBadCursor),
}

// List is the batches v sees (own and organization's), newest first: first of them (0: the
// default) after the cursor (a previous page's EndCursor; "" from the newest).
func (s *Service) List(ctx context.Context, v visibility.Viewer, first int, after string) (Page, error) {
	p, err := keyset.Request{First: first, After: after}.Read(DefaultPage, MaxPage)
	if err != nil {
		return Page{}, listRefusals.Of(err)
	}
	cur, err := parseCursor(p.Cursor)
	if err != nil {
		return Page{}, listRefusals.Of(err)
	}
	items, err := s.d.Store.BatchesPage(ctx, v, cur, p.Size+1)
	if err != nil {
		return Page{}, err
	}
	out := Page{Items: []Listed{}}
	page, hasNext, _ := keyset.Cut(p, items)
	out.HasNext = hasNext
	if len(page) > 0 {
		out.Items = page
		last := page[len(page)-1]
		out.EndCursor = listOrder.Encode(last.CreatedAt.UTC().Format(time.RFC3339Nano), last.ID)
	}
	return out, nil
}

// parseCursor reads a cursor listOrder wrote; "" is the start.
func parseCursor(after string) (Cursor, error) {
	if after == "" {
		return Cursor{}, nil
	}
	values, err := listOrder.Decode(after, 2)
	if err != nil {
		return Cursor{}, err
	}
	t, terr := time.Parse(time.RFC3339Nano, values[0])
	if terr != nil || !ValidID(values[1]) {
		return Cursor{}, keyset.ErrBadCursor
	}
	return Cursor{CreatedAt: t, ID: values[1]}, nil
}
