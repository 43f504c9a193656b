// Package identitylogin serves the development identity provider's sign-in page: a plain
// server-rendered form (html/template, no script) reached through the /authorize redirect.
package identitylogin

import (
	"context"
	"embed"
	"errors"
	"html/template"
	"log/slog"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	"rugged.example/portal/api/identity/identitycore"
	"rugged.example/portal/api/pkg/db/dbfault"
)

//go:embed templates/login.html
var templateFS embed.FS

// Messages shown on the page. A refused attempt reads MsgTooManyAttempts + " Try again " +
// identitycore.RetryText(…) + ".", the same whether or not the e-mail has an account.
const (
	MsgInvalidCredentials = "Invalid email or password."
	MsgTooManyAttempts    = "Too many failed sign-in attempts."
)

// Request is the part of a pending authorization request the sign-in page needs.
type Request struct {
	ID          string
	LoginHint   string
	PromptNone  bool // prompt=none: never show the form
	PromptLogin bool // prompt=login (or max_age=0): always show the form
	MaxAge      *time.Duration
}

// Backend is what the page needs from the provider.
type Backend interface {
	// PendingRequest returns a request that exists, has not expired and is not signed in
	// yet, otherwise identitycore.ErrNotFound.
	PendingRequest(ctx context.Context, id string) (Request, error)
	// CheckPassword returns the user id, identitycore.ErrInvalidCredentials, or a
	// *identitycore.TooManyAttempts when the attempt is refused, or locks the e-mail or the
	// client (its address) out.
	CheckPassword(ctx context.Context, client, email, password string) (userID string, err error)
	// CompleteRequest marks the request signed in by userID.
	CompleteRequest(ctx context.Context, id, userID string, authTime time.Time) error
	// Session returns the browser session behind a cookie value, or identitycore.ErrNotFound.
	Session(ctx context.Context, token string) (identitycore.Session, error)
	// StartSession creates a browser session and returns its cookie value.
	StartSession(ctx context.Context, userID string, authTime time.Time) (token string, sess identitycore.Session, err error)
	// RejectLoginRequired answers a prompt=none request that has no session (error
	// login_required back to the client's redirect URI).
	RejectLoginRequired(w http.ResponseWriter, r *http.Request, id string)
}

// Config configures the page.
type Config struct {
	// Path is where the page is served, e.g. "/idp/login"; the form posts to it.
	Path string
	// CookiePath scopes the session cookie, e.g. "/idp".
	CookiePath string
	// CookieName of the browser session cookie.
	CookieName string
	// SecureCookie marks the cookie Secure (https issuers).
	SecureCookie bool
	// CallbackURL returns where the browser continues once signed in (the provider's
	// authorize callback for that request).
	CallbackURL func(authRequestID string) string
	// FormActionOrigins are origins the browser may be redirected to after the form post
	// (the client's origins); they go into the page's Content-Security-Policy.
	FormActionOrigins []string
	// ClientAddress is the address of the request's client, which sign-in attempts are
	// counted by; the connection's remote host when nil.
	ClientAddress func(*http.Request) string
	Logger        *slog.Logger
	// Now returns the current time; time.Now when nil.
	Now func() time.Time
}

// Handler serves GET (show or skip the form) and POST (check the password) on Config.Path.
type Handler struct {
	backend Backend
	cfg     Config
	tmpl    *template.Template
	csp     string
}

// New parses the page template.
func New(backend Backend, cfg Config) (*Handler, error) {
	tmpl, err := template.ParseFS(templateFS, "templates/login.html")
	if err != nil {
		return nil, err
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.New(slog.DiscardHandler)
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.CookieName == "" {
		cfg.CookieName = "idp_session"
	}
	if cfg.ClientAddress == nil {
		cfg.ClientAddress = RemoteHost
	}
	formAction := append([]string{"'self'"}, cfg.FormActionOrigins...)
	csp := "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; frame-ancestors 'none'; form-action " +
		strings.Join(formAction, " ")
	return &Handler{backend: backend, cfg: cfg, tmpl: tmpl, csp: csp}, nil
}

type pageData struct {
	Action        string
	AuthRequestID string
	Email         string
	Error         string
	Expired       bool
}

const maxFormBytes = 16 << 10

// ServeHTTP implements http.Handler.
func (h *Handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	switch r.Method {
	case http.MethodGet, http.MethodHead:
		h.show(w, r)
	case http.MethodPost:
		h.submit(w, r)
	default:
		w.Header().Set("Allow", "GET, HEAD, POST")
		http.Error(w, http.StatusText(http.StatusMethodNotAllowed), http.StatusMethodNotAllowed)
	}
}

func (h *Handler) show(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	id := r.URL.Query().Get("authRequestID")
	req, err := h.backend.PendingRequest(ctx, id)
	if err != nil {
		h.fail(w, r, err)
		return
	}
	if !req.PromptLogin {
		if userID, authTime, ok := h.currentSession(r, req.MaxAge); ok {
			h.finish(w, r, req.ID, userID, authTime, false)
			return
		}
	}
	if req.PromptNone {
		h.backend.RejectLoginRequired(w, r, req.ID)
		return
	}
	h.render(w, http.StatusOK, pageData{AuthRequestID: req.ID, Email: req.LoginHint})
}

func (h *Handler) submit(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	if crossSite(r) {
		http.Error(w, "cross-site sign-in rejected", http.StatusForbidden)
		return
	}
	r.Body = http.MaxBytesReader(w, r.Body, maxFormBytes)
	if err := r.ParseForm(); err != nil {
		http.Error(w, "invalid form", http.StatusBadRequest)
		return
	}
	id := r.PostForm.Get("authRequestID")
	req, err := h.backend.PendingRequest(ctx, id)
	if err != nil {
		h.fail(w, r, err)
		return
	}
	email := strings.TrimSpace(r.PostForm.Get("email"))
	userID, err := h.backend.CheckPassword(ctx, h.cfg.ClientAddress(r), email, r.PostForm.Get("password"))
	if errors.Is(err, identitycore.ErrInvalidCredentials) {
		// Not the e-mail typed: people type their password into that field too.
		h.cfg.Logger.InfoContext(ctx, "idp sign-in failed")
		h.render(w, http.StatusOK, pageData{AuthRequestID: req.ID, Email: email, Error: MsgInvalidCredentials})
		return
	}
	var tooMany *identitycore.TooManyAttempts
	if errors.As(err, &tooMany) {
		h.refuse(w, r, req.ID, email, tooMany.RetryAt)
		return
	}
	if err != nil {
		h.fail(w, r, err)
		return
	}
	h.finish(w, r, req.ID, userID, h.cfg.Now(), true)
}

// finish completes the request and continues to the provider's callback; newLogin also
// starts a browser session.
func (h *Handler) finish(w http.ResponseWriter, r *http.Request, id, userID string, authTime time.Time, newLogin bool) {
	ctx := r.Context()
	if err := h.backend.CompleteRequest(ctx, id, userID, authTime); err != nil {
		h.fail(w, r, err)
		return
	}
	if newLogin {
		token, sess, err := h.backend.StartSession(ctx, userID, authTime)
		if err != nil {
			h.fail(w, r, err)
			return
		}
		http.SetCookie(w, &http.Cookie{
			Name:     h.cfg.CookieName,
			Value:    token,
			Path:     h.cfg.CookiePath,
			Expires:  sess.ExpiresAt,
			HttpOnly: true,
			Secure:   h.cfg.SecureCookie,
			SameSite: http.SameSiteLaxMode,
		})
		h.cfg.Logger.InfoContext(ctx, "idp sign-in", slog.String("user_id", userID))
	}
	status := http.StatusFound
	if r.Method == http.MethodPost {
		status = http.StatusSeeOther
	}
	http.Redirect(w, r, h.cfg.CallbackURL(id), status)
}

// currentSession returns the signed-in user of the browser session cookie, if any and
// recent enough for maxAge.
func (h *Handler) currentSession(r *http.Request, maxAge *time.Duration) (string, time.Time, bool) {
	token := h.SessionToken(r)
	if token == "" {
		return "", time.Time{}, false
	}
	sess, err := h.backend.Session(r.Context(), token)
	if err != nil {
		return "", time.Time{}, false
	}
	if maxAge != nil && h.cfg.Now().Sub(sess.AuthTime) > *maxAge {
		return "", time.Time{}, false
	}
	return sess.UserID, sess.AuthTime, true
}

// SessionToken returns the browser session cookie value of the request ("" if none).
func (h *Handler) SessionToken(r *http.Request) string {
	c, err := r.Cookie(h.cfg.CookieName)
	if err != nil {
		return ""
	}
	return c.Value
}

// ClearSession removes the browser session cookie.
func (h *Handler) ClearSession(w http.ResponseWriter) {
	http.SetCookie(w, &http.Cookie{
		Name:     h.cfg.CookieName,
		Value:    "",
		Path:     h.cfg.CookiePath,
		MaxAge:   -1,
		HttpOnly: true,
		Secure:   h.cfg.SecureCookie,
		SameSite: http.SameSiteLaxMode,
	})
}

func (h *Handler) fail(w http.ResponseWriter, r *http.Request, err error) {
	if errors.Is(err, identitycore.ErrNotFound) {
		h.render(w, http.StatusBadRequest, pageData{Expired: true})
		return
	}
	if dbfault.Unreachable(err) {
		h.cfg.Logger.WarnContext(r.Context(), "idp sign-in page: database unavailable", slog.String("error", err.Error()))
		w.Header().Set("Retry-After", strconv.Itoa(dbfault.RetryAfterSeconds))
		http.Error(w, dbfault.ErrUnavailable.Message, http.StatusServiceUnavailable)
		return
	}
	h.cfg.Logger.ErrorContext(r.Context(), "idp sign-in page", slog.String("error", err.Error()))
	http.Error(w, http.StatusText(http.StatusInternalServerError), http.StatusInternalServerError)
}

func (h *Handler) render(w http.ResponseWriter, status int, data pageData) {
	data.Action = h.cfg.Path
	hdr := w.Header()
	hdr.Set("Content-Type", "text/html; charset=utf-8")
	hdr.Set("Cache-Control", "no-store")
	hdr.Set("Content-Security-Policy", h.csp)
	hdr.Set("X-Frame-Options", "DENY")
	hdr.Set("X-Content-Type-Options", "nosniff")
	hdr.Set("Referrer-Policy", "same-origin")
	w.WriteHeader(status)
	_ = h.tmpl.Execute(w, data)
}

// crossSite reports a form post sent from another site (login CSRF). Browsers send
// Sec-Fetch-Site; older ones only Origin. Clients that send neither (tests, curl) pass.
func crossSite(r *http.Request) bool {
	if site := r.Header.Get("Sec-Fetch-Site"); site != "" {
		return site == "cross-site"
	}
	origin := r.Header.Get("Origin")
	if origin == "" || origin == "null" {
		return false
	}
	u, err := url.Parse(origin)
	return err != nil || !strings.EqualFold(u.Host, r.Host)
}
