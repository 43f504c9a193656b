package graph

import (
	"context"
	"time"

	"rugged.example/portal/api/parts/parts"
	"rugged.example/portal/api/pkg/keyset"
	"rugged.example/portal/api/rma/rma"
)

// PartsOrderList is the parts service's listing of orders; *parts.OrderHistory implements it.
type PartsOrderList interface {
	Page(ctx context.Context, v rma.Viewer, s parts.OrderSearch, o parts.OrderSort, k keyset.Request) (parts.OrderPage, error)
	Count(ctx context.Context, v rma.Viewer, s parts.OrderSearch) (int, error)
}

// PartsOrderBatchConnection is a page of parts orders, with what its totalCount resolver counts.
type PartsOrderBatchConnection struct {
	Edges    []*PartsOrderBatchEdge `json:"edges"`
	PageInfo *PageInfo              `json:"pageInfo"`
	viewer   rma.Viewer
	search   parts.OrderSearch
}

var partsOrderSortFields = map[PartsOrderSortField]parts.OrderSortField{
	PartsOrderSortFieldCreatedAt: parts.SortOrderCreatedAt,
	PartsOrderSortFieldTotal:     parts.SortOrderTotal,
}

func toPartsOrderSearch(search *string, statuses []string) parts.OrderSearch {
	var s parts.OrderSearch
	if search != nil {
		s.Text = *search
	}
	for _, st := range statuses {
		s.Statuses = append(s.Statuses, parts.OrderStatus(st))
	}
	return s
}

// toPartsOrderSort is newest first when no sort is given, as the history page opens.
func toPartsOrderSort(in *PartsOrderSort) parts.OrderSort {
	if in == nil {
		return parts.DefaultOrderSort
	}
	return parts.OrderSort{Field: partsOrderSortFields[in.Field], Desc: in.Desc}
}

func toPartsOrderBatch(o parts.Order, v rma.Viewer) *PartsOrderBatch {
	lines := make([]*PartsOrderLine, len(o.Lines))
	for i, l := range o.Lines {
		serials := l.Serials
		if serials == nil {
			serials = []string{}
		}
		lines[i] = &PartsOrderLine{
			PartNumber: l.PartNumber, Description: l.Description, Quantity: l.Quantity, UnitPrice: toMoney(l.UnitPrice),
			LineTotal: toMoney(l.LineTotal), Model: l.Model, Serials: serials,
		}
	}
	return &PartsOrderBatch{
		RmaBatchID: o.ID, Kind: string(o.Kind), Status: string(o.Status), CreatedAt: o.CreatedAt.UTC().Format(time.RFC3339),
		Total: toMoney(o.Total), PaymentMethod: string(o.PaymentMethod), CustomerPo: o.CustomerPO, ItemCount: o.ItemCount(),
		Mine: v.Owns(o.Owner), OrderedByName: o.OrderedByName, Lines: lines,
	}
}
