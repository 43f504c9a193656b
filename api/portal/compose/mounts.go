package compose

import (
	"context"
	"log/slog"
	"time"

	"github.com/gin-gonic/gin"

	"rugged.example/portal/api/account/account"
	"rugged.example/portal/api/account/accountapi"
	"rugged.example/portal/api/batch/batchapi"
	"rugged.example/portal/api/depot/depotapi"
	"rugged.example/portal/api/geo/geoapi"
	"rugged.example/portal/api/identity/identityapi"
	"rugged.example/portal/api/identity/identitydb"
	"rugged.example/portal/api/parts/partsapi"
	"rugged.example/portal/api/payments/paymentsapi"
	"rugged.example/portal/api/pkg/auth"
	"rugged.example/portal/api/portal/graph"
	"rugged.example/portal/api/portal/webshell"
	"rugged.example/portal/api/recycle/recycleapi"
	"rugged.example/portal/api/repair/repairapi"
	"rugged.example/portal/api/shipping/shippingapi"
	"rugged.example/portal/api/support/supportapi"
	"rugged.example/portal/api/uploads/uploadsapi"
)

// mounts says, per domain the composition root wires (its descriptor has no Mount, because it
// shares capabilities with other domains), what serving it takes: its routes, and the
// background jobs of the data it owns.
func (app *App) mounts(cfg Config, caps *capabilities, guard *auth.Guard, profiles identityapi.Profiles, engine *gin.Engine, log *slog.Logger) map[string]func() error {
	return map[string]func() error{
		ServiceIdentity: func() error {
			// /me answers the stored contact and address in place of the provider's (account settings).
			identityapi.Routes(engine, guard, identityapi.WithStored(profiles, identitydb.NewStore(caps.gdb)), log)
			return nil
		},
		ServiceRepair: func() error {
			creator, err := caps.Creator()
			if err != nil {
				return err
			}
			repairapi.Routes(engine, guard, caps.UnitService(), creator, log)
			oow, err := caps.Repair()
			if err != nil {
				return err
			}
			repairapi.OutOfWarrantyRoutes(engine, guard, oow, newCustomerTerms(cfg, profiles), log)
			repairapi.DecisionRoutes(engine, guard, oow, newCustomerTerms(cfg, profiles), log)
			repairapi.AdminRoutes(engine, guard, caps.Lifecycle(), log)
			app.sweepUnpaidRMAs(cfg, oow)
			app.sweepDecisions(oow)
			return nil
		},
		ServiceRecycle: func() error {
			creator, err := caps.Creator()
			if err != nil {
				return err
			}
			recycleapi.Routes(engine, guard, creator, log)
			return nil
		},
		ServiceSupport: func() error {
			supportapi.Routes(engine, guard, caps.Support(), log)
			return nil
		},
		ServiceGeo: func() error {
			places, err := caps.Places()
			if err != nil {
				return err
			}
			geoapi.Routes(engine, places, log)
			return nil
		},
		ServiceShipping: func() error {
			shipments, err := caps.Shipments()
			if err != nil {
				return err
			}
			shippingapi.Routes(engine, guard, shipments, log)
			// Labels of a create whose transaction rolled back leave PDFs without rows.
			app.background = append(app.background, every(time.Hour, func(ctx context.Context) error {
				_, err := shipments.SweepOrphans(ctx, cfg.Shipping.OrphanGrace)
				return err
			}))
			return nil
		},
		ServiceUploads: func() error {
			attachments := caps.Attachments()
			uploadsapi.Routes(engine, guard, attachments, log)
			app.background = append(app.background, every(time.Hour, func(ctx context.Context) error {
				_, err := attachments.PurgeUnclaimed(ctx, 24*time.Hour)
				return err
			}))
			return nil
		},
		ServiceGraphQL: func() error {
			// Who: anyone; each field states its own access (the info banner is public, everything
			// about a customer needs a client role) and resolvers check ownership.
			resolver := &graph.Resolver{Units: caps.Units(), Options: caps.Units(), Support: caps.Support(), History: caps.History(), Quotes: caps.Quotes(),
				PartsOrders: caps.PartsOrderHistory(),
			}
			engine.POST("/graphql", graph.NoStore(), guard.MaybeSignedIn(), gin.WrapH(graph.Handler(resolver, log)))
			return nil
		},
		ServicePayments: func() error {
			cards, err := caps.CardProviders()
			if err != nil {
				return err
			}
			checkout, err := caps.Checkout()
			if err != nil {
				return err
			}
			app.retryRefunds(checkout)
			deps := paymentsapi.Deps{Quotes: caps.Quotes(), Checkout: checkout, Webhooks: cards.Webhooks()}
			if cards.PayPalSandbox != nil {
				deps.PayPalSandbox = cards.PayPalSandbox
			}
			if cards.AuthNetSandbox != nil {
				deps.AuthNetSandbox = cards.AuthNetSandbox
				app.closers = append(app.closers, func() error { cards.AuthNetSandbox.Close(); return nil })
			}
			paymentsapi.Routes(engine, guard, deps, log)
			return nil
		},
		ServiceAccount: func() error {
			// A process without the profile source (the embedded provider runs elsewhere) reads
			// the provider's users from the shared database, as the identity process does.
			source := profiles
			if source == nil {
				source = storedUsers{identitydb.NewStore(caps.gdb)}
			}
			svc, err := caps.Account(identityapi.WithStored(source, identitydb.NewStore(caps.gdb)))
			if err != nil {
				return err
			}
			// One poller per process follows the RMA feed for every open dashboard it serves.
			stream := account.NewStream(caps.Feed(), 0, log)
			app.background = append(app.background, func(ctx context.Context, _ *slog.Logger) { stream.Run(ctx) })
			accountapi.Routes(engine, guard, svc, stream, accountapi.Options{}, log)
			return nil
		},
		ServiceParts: func() error {
			partsapi.Routes(engine, caps.Parts(), log)
			orders, err := caps.PartsOrders()
			if err != nil {
				return err
			}
			partsapi.OrderRoutes(engine, guard, orders, log)
			partsapi.UnpaidOrderRoutes(engine, guard, orders, log)
			partsapi.InventoryRoutes(engine, guard, caps.Inventory(), log)
			return app.sweepUnpaidOrders(cfg, caps, orders)
		},
		ServiceDepot: func() error {
			depotapi.Routes(engine, guard, caps.Depot(), caps.Attachments(), log)
			depotapi.TurnaroundRoutes(engine, guard, caps.Turnarounds(), log)
			return nil
		},
		ServiceBatch: func() error {
			svc, err := caps.Batch(cfg, profiles)
			if err != nil {
				return err
			}
			batchapi.Routes(engine, guard, svc, log)
			app.runBatches(svc)
			return nil
		},
		ServiceWeb: func() error {
			return webshell.Mount(engine, webshell.Options{
				WebDir:      cfg.WebDir,
				RemoteURLs:  cfg.RemoteURLs,
				RemotesFile: cfg.RemotesFile,
				Log:         log,
				APIPrefixes: apiPrefixes(),
				FormTargets: []string{authNetFormURL(cfg)},
				Runtime: webshell.RuntimeConfig{
					OIDC: webshell.OIDCClient{Authority: cfg.Issuer(), ClientID: cfg.OIDCClientID, Scope: cfg.OIDCScope},
				},
			})
		},
	}
}
