package mail

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"net"
	"net/mail"
	"slices"
	"strings"
	"time"

	gomail "github.com/wneessen/go-mail"

	"rugged.example/portal/api/pkg/config"
)

// TLSPolicy says whether the SMTP connection must be encrypted with STARTTLS.
type TLSPolicy string

const (
	// TLSMandatory refuses a server that does not offer STARTTLS (the default).
	TLSMandatory TLSPolicy = "mandatory"
	// TLSOpportunistic uses STARTTLS when the server offers it.
	TLSOpportunistic TLSPolicy = "opportunistic"
	// TLSNone never encrypts: for a local test server (mailpit, an in-process mock) only.
	TLSNone TLSPolicy = "none"
)

// SMTPConfig is the mail server the SMTPSender submits to. The binary fills it from its
// environment; Host empty means "no SMTP": run no dispatcher and keep mail in the outbox.
type SMTPConfig struct {
	Host     string
	Port     int // 0 means 587 (submission)
	Username string
	Password config.Secret
	// From is the sender of every message, e.g. "Rugged Support <no-reply@rugged.example>".
	From string
	TLS  TLSPolicy // empty means TLSMandatory
	// HELO is the name this host gives in EHLO; empty means the machine's host name.
	HELO    string
	Timeout time.Duration // connect and per-command timeout; 0 means 30s
}

// Enabled reports whether an SMTP server is configured; without one the outbox is the
// destination and no dispatcher runs.
func (c SMTPConfig) Enabled() bool { return c.Host != "" }

// SMTPSender submits messages over SMTP with go-mail, one connection per message. It is safe
// for concurrent use. Implicit TLS (SMTPS, port 465) is not offered: use submission with
// STARTTLS.
type SMTPSender struct {
	host     string
	opts     []gomail.Option
	from     *mail.Address
	domain   string // of From, for Message-IDs
	password string // only to scrub it from error texts
}

// NewSMTPSender checks cfg and prepares a client; it does not connect.
func NewSMTPSender(cfg SMTPConfig) (*SMTPSender, error) {
	if cfg.Host == "" {
		return nil, errors.New("mail: smtp: no host")
	}
	from, err := parseAddress(cfg.From)
	if err != nil {
		return nil, fmt.Errorf("mail: smtp: From: %w", err)
	}
	port := cfg.Port
	if port == 0 {
		port = 587
	}
	timeout := cfg.Timeout
	if timeout <= 0 {
		timeout = 30 * time.Second
	}
	var policy gomail.TLSPolicy
	switch cfg.TLS {
	case TLSMandatory, "":
		policy = gomail.TLSMandatory
	case TLSOpportunistic:
		policy = gomail.TLSOpportunistic
	case TLSNone:
		policy = gomail.NoTLS
	default:
		return nil, fmt.Errorf("mail: smtp: TLS policy %q (want mandatory, opportunistic or none)", cfg.TLS)
	}
	opts := []gomail.Option{gomail.WithPort(port), gomail.WithTimeout(timeout), gomail.WithTLSPolicy(policy)}
	if cfg.HELO != "" {
		opts = append(opts, gomail.WithHELO(cfg.HELO))
	}
	if cfg.Username != "" {
		// Auto-discovery picks the strongest mechanism the server offers and never sends
		// PLAIN or LOGIN over an unencrypted connection.
		opts = append(opts, gomail.WithSMTPAuth(gomail.SMTPAuthAutoDiscover),
			gomail.WithUsername(cfg.Username), gomail.WithPassword(cfg.Password.Reveal()))
	}
	if _, err := gomail.NewClient(cfg.Host, opts...); err != nil {
		return nil, fmt.Errorf("mail: smtp: %w", err)
	}
	return &SMTPSender{
		host: cfg.Host, opts: opts, from: from, domain: from.Address[strings.LastIndexByte(from.Address, '@')+1:],
		password: cfg.Password.Reveal(),
	}, nil
}

// Send validates msg again (a sender may be used without the outbox) and submits it.
func (s *SMTPSender) Send(ctx context.Context, msg Message) error {
	if err := msg.Validate(); err != nil {
		return fmt.Errorf("%w: %w", ErrPermanent, err)
	}
	m, err := s.build(msg)
	if err != nil {
		return fmt.Errorf("%w: %w", ErrPermanent, err)
	}
	// A client per message, dialling through a closure that keeps the connection: go-mail
	// leaves it open when the handshake fails after connecting (no STARTTLS, AUTH refused).
	var conn net.Conn
	dial := func(ctx context.Context, network, addr string) (net.Conn, error) {
		c, err := new(net.Dialer).DialContext(ctx, network, addr)
		conn = c
		return c, err
	}
	client, err := gomail.NewClient(s.host, append(slices.Clip(s.opts), gomail.WithDialContextFunc(dial))...)
	if err != nil {
		return fmt.Errorf("mail: smtp: %w", err)
	}
	if err := client.DialAndSendWithContext(ctx, m); err != nil {
		if conn != nil {
			_ = conn.Close()
		}
		return s.sendError(err)
	}
	return nil
}

func (s *SMTPSender) build(msg Message) (*gomail.Msg, error) {
	m := gomail.NewMsg()
	m.FromMailAddress(s.from)
	if err := m.To(msg.To...); err != nil {
		return nil, fmt.Errorf("mail: smtp: To: %w", err)
	}
	if msg.ReplyTo != "" {
		if err := m.ReplyTo(msg.ReplyTo); err != nil {
			return nil, fmt.Errorf("mail: smtp: Reply-To: %w", err)
		}
	}
	m.Subject(msg.Subject)
	m.SetDate()
	var id [16]byte
	_, _ = rand.Read(id[:])
	m.SetMessageIDWithValue(hex.EncodeToString(id[:]) + "@" + s.domain)
	// RFC 3834: tells autoresponders not to answer.
	m.SetGenHeader(gomail.Header("Auto-Submitted"), "auto-generated")
	switch {
	case msg.Text != "" && msg.HTML != "":
		m.SetBodyString(gomail.TypeTextPlain, msg.Text)
		m.AddAlternativeString(gomail.TypeTextHTML, msg.HTML)
	case msg.HTML != "":
		m.SetBodyString(gomail.TypeTextHTML, msg.HTML)
	default:
		m.SetBodyString(gomail.TypeTextPlain, msg.Text)
	}
	return m, nil
}

// sendError keeps the password out of the text (it ends up in logs and last_error) and marks a
// 5xx rejection of a recipient or of the message as permanent; everything else (connection,
// greeting, TLS, authentication, 4xx) is worth a retry.
func (s *SMTPSender) sendError(err error) error {
	text := err.Error()
	if s.password != "" {
		text = strings.ReplaceAll(text, s.password, "*****")
	}
	var se *gomail.SendError
	if errors.As(err, &se) && se.ErrorCode() >= 500 && se.ErrorCode() < 600 &&
		(se.Reason == gomail.ErrSMTPRcptTo || se.Reason == gomail.ErrSMTPDataClose) {
		return fmt.Errorf("%w: smtp: %s", ErrPermanent, text)
	}
	return errors.New("smtp: " + text)
}
