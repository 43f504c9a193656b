package mail_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"mime"
	"mime/multipart"
	"mime/quotedprintable"
	netmail "net/mail"
	"strings"
	"sync"
	"testing"
	"time"

	smtpmock "github.com/mocktools/go-smtp-mock/v2"
	"github.com/stretchr/testify/require"
	"gorm.io/gorm"

	"rugged.example/portal/api/pkg/mail"
	"rugged.example/portal/api/pkg/testkit"
)

// startSMTP runs a real SMTP server in-process on a free (or the given) loopback port.
func startSMTP(t *testing.T, port int, attrs smtpmock.ConfigurationAttr) *smtpmock.Server {
	t.Helper()
	attrs.HostAddress, attrs.PortNumber = "127.0.0.1", port
	// go-mail sends RSET after each message; without this the server forgets the message.
	attrs.MultipleMessageReceiving, attrs.MultipleRcptto = true, true
	srv := smtpmock.New(attrs)
	require.NoError(t, srv.Start())
	t.Cleanup(func() { _ = srv.Stop() })
	return srv
}

func smtpConfig(port int) mail.SMTPConfig {
	return mail.SMTPConfig{
		Host: "127.0.0.1", Port: port, From: "Rugged Support <no-reply@rugged.example>",
		TLS: mail.TLSNone, HELO: "localhost", Timeout: 5 * time.Second,
	}
}

func smtpSender(t *testing.T, port int) *mail.SMTPSender {
	t.Helper()
	s, err := mail.NewSMTPSender(smtpConfig(port))
	require.NoError(t, err)
	return s
}

// clock is the dispatcher's time, moved by the test instead of waited for.
type clock struct {
	mu sync.Mutex
	t  time.Time
}

func newClock() *clock { return &clock{t: time.Now()} }

func (c *clock) Now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.t }

func (c *clock) Advance(d time.Duration) { c.mu.Lock(); c.t = c.t.Add(d); c.mu.Unlock() }

// received is one message as the SMTP server got it, decoded.
type received struct {
	From, To, ReplyTo, Subject, AutoSubmitted, Text, HTML string
}

func delivered(t *testing.T, srv *smtpmock.Server) []received {
	t.Helper()
	var out []received
	for _, m := range srv.Messages() {
		if m.Msg() {
			out = append(out, decode(t, m.MsgRequest()))
		}
	}
	return out
}

func decode(t *testing.T, raw string) received {
	t.Helper()
	msg, err := netmail.ReadMessage(strings.NewReader(raw))
	require.NoError(t, err)
	dec := new(mime.WordDecoder)
	header := func(k string) string {
		v, err := dec.DecodeHeader(msg.Header.Get(k))
		require.NoError(t, err)
		return v
	}
	r := received{From: header("From"), To: header("To"), ReplyTo: header("Reply-To"),
		Subject: header("Subject"), AutoSubmitted: header("Auto-Submitted")}
	mediaType, params, err := mime.ParseMediaType(msg.Header.Get("Content-Type"))
	require.NoError(t, err)
	if !strings.HasPrefix(mediaType, "multipart/") {
		var body io.Reader = msg.Body
		if strings.EqualFold(msg.Header.Get("Content-Transfer-Encoding"), "quoted-printable") {
			body = quotedprintable.NewReader(body)
		}
		b, err := io.ReadAll(body)
		require.NoError(t, err)
		// The server keeps the line break that ends DATA; it is not part of the body.
		r.Text = strings.TrimSuffix(string(b), "\r\n")
		return r
	}
	require.Equal(t, "multipart/alternative", mediaType)
	parts := multipart.NewReader(msg.Body, params["boundary"])
	for {
		p, err := parts.NextPart() // decodes quoted-printable
		if errors.Is(err, io.EOF) {
			break
		}
		require.NoError(t, err)
		body, err := io.ReadAll(p)
		require.NoError(t, err)
		switch ct, _, _ := mime.ParseMediaType(p.Header.Get("Content-Type")); ct {
		case "text/plain":
			r.Text = string(body)
		case "text/html":
			r.HTML = string(body)
		}
	}
	return r
}

func entry(t *testing.T, gdb *gorm.DB) mail.Entry {
	t.Helper()
	all, err := mail.Recent(t.Context(), gdb, "", 0)
	require.NoError(t, err)
	require.Len(t, all, 1)
	return all[0]
}

func TestIntegrationDispatcher_SendsMultipartMailTheServerReceives(t *testing.T) {
	testkit.EachDatabase(t, func(t *testing.T, gdb *gorm.DB) {
		migrated(t, gdb)
		srv := startSMTP(t, 0, smtpmock.ConfigurationAttr{})
		require.NoError(t, mail.Enqueue(t.Context(), gdb, validMessage()))
		d := mail.NewDispatcher(gdb, smtpSender(t, srv.PortNumber()), testkit.Quiet(), mail.DispatcherOptions{})

		sent, err := d.DispatchOnce(t.Context())
		require.NoError(t, err)
		require.Equal(t, 1, sent)

		got := delivered(t, srv)
		require.Len(t, got, 1)
		want := validMessage()
		require.Equal(t, received{
			From: `"Rugged Support" <no-reply@rugged.example>`, To: `"Jane Doe" <jane.doe@example.com>`,
			ReplyTo: "<support@rugged.example>", Subject: want.Subject, AutoSubmitted: "auto-generated",
			Text: want.Text, HTML: want.HTML,
		}, got[0])

		e := entry(t, gdb)
		require.Equal(t, mail.StatusSent, e.Status())
		require.Equal(t, 1, e.Attempts)
		require.NotNil(t, e.SentAt)
		require.Nil(t, e.NextAttemptAt)

		sent, err = d.DispatchOnce(t.Context())
		require.NoError(t, err)
		require.Zero(t, sent, "a sent message is not sent again")
		require.Len(t, delivered(t, srv), 1)
	})
}

func TestIntegrationDispatcher_RetriesWithBackoffAfterTheServerWasDown(t *testing.T) {
	testkit.EachDatabase(t, func(t *testing.T, gdb *gorm.DB) {
		migrated(t, gdb)
		// Take a free port, then leave it closed: the server is down.
		down := startSMTP(t, 0, smtpmock.ConfigurationAttr{})
		port := down.PortNumber()
		require.NoError(t, down.Stop())

		require.NoError(t, mail.Enqueue(t.Context(), gdb, to("jane@example.com", "Your RMA")))
		clk := newClock()
		d := mail.NewDispatcher(gdb, smtpSender(t, port), testkit.Quiet(),
			mail.DispatcherOptions{Now: clk.Now, BaseBackoff: time.Minute})

		sent, err := d.DispatchOnce(t.Context())
		require.NoError(t, err, "a failed send is recorded on its row, not returned")
		require.Zero(t, sent)
		e := entry(t, gdb)
		require.Equal(t, mail.StatusPending, e.Status())
		require.Equal(t, 1, e.Attempts)
		require.Contains(t, e.LastError, "refused")
		require.Equal(t, clk.Now().UTC().Truncate(time.Microsecond).Add(time.Minute), *e.NextAttemptAt)

		sent, err = d.DispatchOnce(t.Context())
		require.NoError(t, err)
		require.Zero(t, sent)
		require.Equal(t, 1, entry(t, gdb).Attempts, "not retried before its backoff ends")

		srv := startSMTP(t, port, smtpmock.ConfigurationAttr{})
		clk.Advance(time.Minute)
		sent, err = d.DispatchOnce(t.Context())
		require.NoError(t, err)
		require.Equal(t, 1, sent)
		got := delivered(t, srv)
		require.Len(t, got, 1)
		require.Equal(t, "Your RMA", got[0].Subject)
		require.Equal(t, "Body of Your RMA", got[0].Text)
		e = entry(t, gdb)
		require.Equal(t, mail.StatusSent, e.Status())
		require.Equal(t, 2, e.Attempts)
	})
}

// With the defaults, an SMTP server down for two days delays a message, never drops it: an
// RMA's e-mail carries its shipping label.
func TestIntegrationDispatcher_DefaultsOutlastATwoDayOutage(t *testing.T) {
	testkit.EachDatabase(t, func(t *testing.T, gdb *gorm.DB) {
		migrated(t, gdb)
		down := startSMTP(t, 0, smtpmock.ConfigurationAttr{})
		port := down.PortNumber()
		require.NoError(t, down.Stop())
		require.NoError(t, mail.Enqueue(t.Context(), gdb, to("jane@example.com", "RMA RMA-100501 created")))
		clk := newClock()
		d := mail.NewDispatcher(gdb, smtpSender(t, port), testkit.Quiet(), mail.DispatcherOptions{Now: clk.Now})

		end := clk.Now().Add(48 * time.Hour)
		for clk.Now().Before(end) {
			sent, err := d.DispatchOnce(t.Context())
			require.NoError(t, err)
			require.Zero(t, sent)
			e := entry(t, gdb)
			require.Equal(t, mail.StatusPending, e.Status(), "given up after %d attempts", e.Attempts)
			require.LessOrEqual(t, e.NextAttemptAt.Sub(clk.Now()), time.Hour, "retried at least hourly")
			clk.Advance(e.NextAttemptAt.Sub(clk.Now()))
		}

		srv := startSMTP(t, port, smtpmock.ConfigurationAttr{})
		sent, err := d.DispatchOnce(t.Context())
		require.NoError(t, err)
		require.Equal(t, 1, sent)
		require.Len(t, delivered(t, srv), 1)
		require.Equal(t, mail.StatusSent, entry(t, gdb).Status())
	})
}

func TestIntegrationDispatcher_GivesUpAfterMaxAttemptsAndKeepsTheRow(t *testing.T) {
	testkit.EachDatabase(t, func(t *testing.T, gdb *gorm.DB) {
		migrated(t, gdb)
		// The server answers 421 (try again later) for this recipient, every time.
		srv := startSMTP(t, 0, smtpmock.ConfigurationAttr{BlacklistedRcpttoEmails: []string{"jane@example.com"}})
		require.NoError(t, mail.Enqueue(t.Context(), gdb, to("jane@example.com", "Your RMA")))
		clk := newClock()
		d := mail.NewDispatcher(gdb, smtpSender(t, srv.PortNumber()), testkit.Quiet(),
			mail.DispatcherOptions{Now: clk.Now, MaxAttempts: 3, BaseBackoff: time.Minute, MaxBackoff: time.Hour})

		for attempt, wait := range []time.Duration{time.Minute, 2 * time.Minute} {
			sent, err := d.DispatchOnce(t.Context())
			require.NoError(t, err)
			require.Zero(t, sent)
			e := entry(t, gdb)
			require.Equal(t, attempt+1, e.Attempts)
			require.Equal(t, clk.Now().UTC().Truncate(time.Microsecond).Add(wait), *e.NextAttemptAt, "backoff doubles")
			clk.Advance(wait)
		}
		sent, err := d.DispatchOnce(t.Context())
		require.NoError(t, err)
		require.Zero(t, sent)

		e := entry(t, gdb)
		require.Equal(t, mail.StatusFailed, e.Status())
		require.Equal(t, 3, e.Attempts)
		require.Nil(t, e.NextAttemptAt)
		require.Contains(t, e.LastError, "421")
		pending, err := mail.Pending(t.Context(), gdb, 0)
		require.NoError(t, err)
		require.Empty(t, pending)

		clk.Advance(24 * time.Hour)
		sent, err = d.DispatchOnce(t.Context())
		require.NoError(t, err)
		require.Zero(t, sent)
		require.Equal(t, 3, entry(t, gdb).Attempts, "a given-up message is not tried again")
	})
}

func TestIntegrationDispatcher_GivesUpAtOnceWhenTheServerRejectsTheRecipient(t *testing.T) {
	testkit.EachDatabase(t, func(t *testing.T, gdb *gorm.DB) {
		migrated(t, gdb)
		srv := startSMTP(t, 0, smtpmock.ConfigurationAttr{NotRegisteredEmails: []string{"nobody@example.com"}})
		require.NoError(t, mail.Enqueue(t.Context(), gdb, to("nobody@example.com", "Your RMA")))
		d := mail.NewDispatcher(gdb, smtpSender(t, srv.PortNumber()), testkit.Quiet(), mail.DispatcherOptions{})

		sent, err := d.DispatchOnce(t.Context())
		require.NoError(t, err)
		require.Zero(t, sent)
		e := entry(t, gdb)
		require.Equal(t, mail.StatusFailed, e.Status())
		require.Equal(t, 1, e.Attempts)
		require.Contains(t, e.LastError, "550")
	})
}

func TestIntegrationDispatcher_TwoDispatchersSendEachMessageOnce(t *testing.T) {
	testkit.EachDatabase(t, func(t *testing.T, gdb *gorm.DB) {
		migrated(t, gdb)
		srv := startSMTP(t, 0, smtpmock.ConfigurationAttr{})
		const n = 24
		for i := range n {
			require.NoError(t, mail.Enqueue(t.Context(), gdb, to("jane@example.com", fmt.Sprintf("message %02d", i))))
		}
		// Two processes' worth: separate dispatchers (and, on PostgreSQL, separate connections
		// from the pool), claiming small batches at the same time.
		opts := mail.DispatcherOptions{BatchSize: 3}
		dispatchers := []*mail.Dispatcher{
			mail.NewDispatcher(gdb, smtpSender(t, srv.PortNumber()), testkit.Quiet(), opts),
			mail.NewDispatcher(gdb, smtpSender(t, srv.PortNumber()), testkit.Quiet(), opts),
		}
		var (
			wg    sync.WaitGroup
			start = make(chan struct{})
			sent  [2]int
			errs  [2]error
		)
		for i, d := range dispatchers {
			wg.Go(func() {
				<-start
				for {
					k, err := d.DispatchOnce(t.Context())
					if err != nil {
						errs[i] = err
						return
					}
					if k == 0 {
						return
					}
					sent[i] += k
				}
			})
		}
		close(start)
		wg.Wait()
		require.NoError(t, errors.Join(errs[:]...))
		require.Equal(t, n, sent[0]+sent[1])

		count := map[string]int{}
		for _, m := range delivered(t, srv) {
			count[m.Subject]++
		}
		require.Len(t, count, n)
		for subject, c := range count {
			require.Equal(t, 1, c, "%s delivered %d times", subject, c)
		}
		pending, err := mail.Pending(t.Context(), gdb, 0)
		require.NoError(t, err)
		require.Empty(t, pending)
	})
}

func TestIntegrationRun_DeliversUntilCancelled(t *testing.T) {
	testkit.EachDatabase(t, func(t *testing.T, gdb *gorm.DB) {
		migrated(t, gdb)
		srv := startSMTP(t, 0, smtpmock.ConfigurationAttr{})
		d := mail.NewDispatcher(gdb, smtpSender(t, srv.PortNumber()), testkit.Quiet(),
			mail.DispatcherOptions{PollInterval: 10 * time.Millisecond})
		ctx, cancel := context.WithCancel(t.Context())
		done := make(chan struct{})
		go func() { d.Run(ctx); close(done) }()

		require.NoError(t, mail.Enqueue(t.Context(), gdb, to("jane@example.com", "Ticket received")))
		msgs, err := srv.WaitForMessages(1, 30*time.Second)
		require.NoError(t, err)
		require.Equal(t, "Ticket received", decode(t, msgs[0].MsgRequest()).Subject)

		cancel()
		<-done
		require.Equal(t, mail.StatusSent, entry(t, gdb).Status())
	})
}

// cancellingSender plays a server that accepts the first message while the process is being
// shut down.
type cancellingSender struct {
	cancel context.CancelFunc
	calls  int
}

func (s *cancellingSender) Send(context.Context, mail.Message) error {
	s.calls++
	s.cancel()
	return nil
}

func TestIntegrationDispatchOnce_OnShutdownMarksWhatWasSentAndHandsBackTheRest(t *testing.T) {
	testkit.EachDatabase(t, func(t *testing.T, gdb *gorm.DB) {
		migrated(t, gdb)
		for _, s := range []string{"a", "b", "c"} {
			require.NoError(t, mail.Enqueue(t.Context(), gdb, to("jane@example.com", s)))
		}
		ctx, cancel := context.WithCancel(t.Context())
		sender := &cancellingSender{cancel: cancel}
		d := mail.NewDispatcher(gdb, sender, testkit.Quiet(), mail.DispatcherOptions{})

		sent, err := d.DispatchOnce(ctx)
		require.NoError(t, err)
		require.Equal(t, 1, sent)
		require.Equal(t, 1, sender.calls)

		pending, err := mail.Pending(t.Context(), gdb, 0)
		require.NoError(t, err)
		require.Equal(t, []string{"b", "c"}, subjects(pending))
		for _, e := range pending {
			require.Zero(t, e.Attempts, "an untried message keeps its attempts")
			require.False(t, e.NextAttemptAt.After(time.Now()), "and is due again at once")
		}
	})
}

func TestSMTPSender_MandatoryTLSRefusesAServerWithoutSTARTTLS(t *testing.T) {
	srv := startSMTP(t, 0, smtpmock.ConfigurationAttr{})
	cfg := smtpConfig(srv.PortNumber())
	cfg.TLS = mail.TLSMandatory
	s, err := mail.NewSMTPSender(cfg)
	require.NoError(t, err)

	err = s.Send(t.Context(), validMessage())
	require.ErrorContains(t, err, "STARTTLS")
	require.NotErrorIs(t, err, mail.ErrPermanent, "a TLS misconfiguration is fixed by people, then retried")
	require.Empty(t, delivered(t, srv))
}

func TestSMTPSender_RefusesHeaderInjectionWithoutConnecting(t *testing.T) {
	srv := startSMTP(t, 0, smtpmock.ConfigurationAttr{})
	m := validMessage()
	m.Subject = "Your label\r\nBcc: victim@example.com"
	err := smtpSender(t, srv.PortNumber()).Send(t.Context(), m)
	require.ErrorIs(t, err, mail.ErrInvalid)
	require.ErrorIs(t, err, mail.ErrPermanent)
	require.Empty(t, srv.Messages())
}

func TestSMTPSender_AuthFailureNeverShowsThePassword(t *testing.T) {
	srv := startSMTP(t, 0, smtpmock.ConfigurationAttr{})
	cfg := smtpConfig(srv.PortNumber())
	cfg.Username, cfg.Password = "portal", "hunter2-smtp-secret"
	s, err := mail.NewSMTPSender(cfg)
	require.NoError(t, err)

	err = s.Send(t.Context(), validMessage())
	require.ErrorContains(t, err, "AUTH")
	require.NotContains(t, err.Error(), "hunter2")

	var logs bytes.Buffer
	slog.New(slog.NewJSONHandler(&logs, nil)).Info("config", "smtp", cfg)
	require.NotContains(t, fmt.Sprintf("%v %+v %#v", cfg, cfg, cfg)+logs.String(), "hunter2")
}

func TestNewSMTPSender_RejectsBadConfig(t *testing.T) {
	tests := []struct {
		name   string
		change func(c *mail.SMTPConfig)
		want   string
	}{
		{"no host", func(c *mail.SMTPConfig) { c.Host = "" }, "no host"},
		{"from is not an address", func(c *mail.SMTPConfig) { c.From = "support" }, "From"},
		{"from carries a header", func(c *mail.SMTPConfig) { c.From = "a@rugged.example\r\nBcc: x@example.com" }, "From"},
		{"unknown TLS policy", func(c *mail.SMTPConfig) { c.TLS = "sometimes" }, "TLS policy"},
		{"port out of range", func(c *mail.SMTPConfig) { c.Port = 70000 }, "port"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cfg := smtpConfig(2525)
			tt.change(&cfg)
			_, err := mail.NewSMTPSender(cfg)
			require.ErrorContains(t, err, tt.want)
		})
	}
}

func TestSMTPConfig_EnabledOnlyWithAHost(t *testing.T) {
	require.False(t, mail.SMTPConfig{}.Enabled())
	require.True(t, mail.SMTPConfig{Host: "smtp.example.com"}.Enabled())
}
