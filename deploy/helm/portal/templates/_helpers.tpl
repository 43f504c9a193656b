{{/* Names: <release>-portal-<process>, or <release>-<process> when the release is called portal. */}}
{{- define "portal.name" -}}
{{- .Values.nameOverride | default .Chart.Name | trunc 63 | trimSuffix "-" -}}
{{- end -}}

{{- define "portal.fullname" -}}
{{- if .Values.fullnameOverride -}}
{{- .Values.fullnameOverride | trunc 50 | trimSuffix "-" -}}
{{- else -}}
{{- $name := include "portal.name" . -}}
{{- if contains $name .Release.Name -}}
{{- .Release.Name | trunc 50 | trimSuffix "-" -}}
{{- else -}}
{{- printf "%s-%s" .Release.Name $name | trunc 50 | trimSuffix "-" -}}
{{- end -}}
{{- end -}}
{{- end -}}

{{/* The full name is cut to 50 characters so that "-<process>" still fits a 63-character name. */}}
{{- define "portal.processName" -}}
{{- printf "%s-%s" (include "portal.fullname" .root) .name | trunc 63 | trimSuffix "-" -}}
{{- end -}}

{{- define "portal.selectorLabels" -}}
app.kubernetes.io/name: {{ include "portal.name" .root }}
app.kubernetes.io/instance: {{ .root.Release.Name }}
app.kubernetes.io/component: {{ .name }}
{{- end -}}

{{/* Labels of every object; call with (dict "root" $ "name" <component>). */}}
{{- define "portal.labels" -}}
helm.sh/chart: {{ printf "%s-%s" .root.Chart.Name .root.Chart.Version | replace "+" "_" | trunc 63 | trimSuffix "-" }}
{{ include "portal.selectorLabels" . }}
app.kubernetes.io/part-of: portal
app.kubernetes.io/version: {{ .root.Chart.AppVersion | quote }}
app.kubernetes.io/managed-by: {{ .root.Release.Service }}
{{- end -}}

{{- define "portal.image" -}}
{{- $img := .Values.image -}}
{{- if $img.digest -}}
{{- printf "%s@%s" $img.repository $img.digest -}}
{{- else -}}
{{- printf "%s:%s" $img.repository $img.tag -}}
{{- end -}}
{{- end -}}

{{/*
The development provider is refused: it keeps its demo users and its signing key in each pod's
data directory, so every pod would issue tokens the others reject, and its users are not real.
*/}}
{{- define "portal.requireIssuer" -}}
{{- if not .Values.oidc.issuer -}}
{{- fail "oidc.issuer is required: set it to your OpenID provider's issuer URL (e.g. https://login.example.com/realms/rugged). Without it the portal runs its embedded development provider, which keeps demo users and a signing key in each pod and is not for production." -}}
{{- end -}}
{{- end -}}

{{/* PORTAL_PUBLIC_URL: publicUrl, or the first ingress host (https when a TLS entry covers it). */}}
{{- define "portal.publicUrl" -}}
{{- if .Values.publicUrl -}}
{{- .Values.publicUrl | trimSuffix "/" -}}
{{- else if and .Values.ingress.enabled .Values.ingress.hosts -}}
{{- $host := first .Values.ingress.hosts -}}
{{- if hasPrefix "*" $host -}}
{{- fail (printf "publicUrl is required: the first ingress host %s is a wildcard, not the URL browsers use" $host) -}}
{{- end -}}
{{- $scheme := "http" -}}
{{- range .Values.ingress.tls -}}
{{- if has $host .hosts -}}{{- $scheme = "https" -}}{{- end -}}
{{- end -}}
{{- printf "%s://%s" $scheme $host -}}
{{- else -}}
{{- fail "publicUrl is required when ingress.hosts is empty: it is the URL browsers use (PORTAL_PUBLIC_URL)" -}}
{{- end -}}
{{- end -}}

{{/*
The plain settings as YAML (variable: string), for the ConfigMap and for the migration Job. Only
set values are listed, so the binary's defaults apply to the rest.
*/}}
{{- define "portal.config" -}}
{{- include "portal.requireIssuer" . -}}
{{- $v := .Values -}}
{{- $c := dict
  "PORTAL_ADDR" "0.0.0.0:8080"
  "PORTAL_ADMIN_ADDR" "0.0.0.0:9464"
  "PORTAL_DATA_DIR" "/var/lib/portal"
  "PORTAL_PUBLIC_URL" (include "portal.publicUrl" .)
  "OIDC_ISSUER" $v.oidc.issuer
-}}
{{- $strings := dict
  "PORTAL_WEB_DIR" $v.webDir
  "LOG_LEVEL" $v.logLevel
  "OIDC_CLIENT_ID" $v.oidc.clientId
  "OIDC_AUDIENCE" $v.oidc.audience
  "OIDC_SCOPE" $v.oidc.scope
  "OIDC_ROLES_CLAIM" $v.oidc.rolesClaim
  "OIDC_ORG_CLAIM" $v.oidc.orgClaim
  "OIDC_DISCOUNT_CLAIM" $v.oidc.discountClaim
  "REDIS_KEY_PREFIX" $v.redis.keyPrefix
  "SMTP_HOST" $v.smtp.host
  "SMTP_USERNAME" $v.smtp.username
  "SMTP_FROM" $v.smtp.from
  "SMTP_TLS" $v.smtp.tls
  "SMTP_HELO" $v.smtp.helo
  "SUPPORT_INBOX" $v.support.inbox
  "SUPPORT_CONTACT_CLIENT_WINDOW" $v.support.contactClientWindow
  "SUPPORT_CONTACT_GLOBAL_WINDOW" $v.support.contactGlobalWindow
  "SHIPPING_CARRIER" $v.shipping.carrier
  "SHIPPING_TRACKING_PREFIX" $v.shipping.trackingPrefix
  "SHIPPING_ORPHAN_GRACE" $v.shipping.orphanGrace
  "SHIPPING_DEPOT_NAME" $v.shipping.depot.name
  "SHIPPING_DEPOT_LINE1" $v.shipping.depot.line1
  "SHIPPING_DEPOT_LINE2" $v.shipping.depot.line2
  "SHIPPING_DEPOT_CITY" $v.shipping.depot.city
  "SHIPPING_DEPOT_STATE" $v.shipping.depot.state
  "SHIPPING_DEPOT_POSTAL_CODE" $v.shipping.depot.postalCode
  "SHIPPING_DEPOT_COUNTRY" $v.shipping.depot.country
  "SHIPPING_DEPOT_PHONE" $v.shipping.depot.phone
  "PAYPAL_API_BASE" $v.payments.paypal.apiBase
  "PAYPAL_CLIENT_ID" $v.payments.paypal.clientId
  "PAYPAL_WEBHOOK_ID" $v.payments.paypal.webhookId
  "AUTHNET_API_URL" $v.payments.authnet.apiUrl
  "AUTHNET_FORM_URL" $v.payments.authnet.formUrl
  "PORTAL_TRUSTED_PROXIES" (join "," $v.trustedProxies)
  "PO_RELEASE_DOMAINS" (join "," $v.payments.poReleaseDomains)
  "PAYMENT_ABANDON_AFTER" $v.payments.abandonAfter
  "PARTS_ORDER_MAX_TOTAL" $v.payments.partsOrderMaxTotal
  "DEPOT_TIMEZONE" $v.depot.timezone
  "DEPOT_HOLIDAYS" (join "," $v.depot.holidays)
  "REPAIR_RETURN_UNREPAIRED_FEE" $v.depot.returnUnrepairedFee
-}}
{{- range $name, $value := $strings -}}
{{- if $value -}}{{- $_ := set $c $name $value -}}{{- end -}}
{{- end -}}
{{- $ints := dict
  "SMTP_PORT" $v.smtp.port
  "SUPPORT_CONTACT_PER_CLIENT" $v.support.contactPerClient
  "SUPPORT_CONTACT_GLOBAL" $v.support.contactGlobal
  "DEPOT_TURNAROUND_DEFAULT" $v.depot.turnaroundDefault
-}}
{{- range $name, $value := $ints -}}
{{- if not (kindIs "invalid" $value) -}}{{- $_ := set $c $name (printf "%d" (int64 $value)) -}}{{- end -}}
{{- end -}}
{{- with $v.remotes.cdnBaseUrl -}}
{{- $base := trimSuffix "/" . -}}
{{- $urls := list -}}
{{- range $v.remotes.names -}}
{{- $urls = append $urls (printf "%s=%s/%s/mf-manifest.json" . $base .) -}}
{{- end -}}
{{- $_ := set $c "PORTAL_REMOTE_URLS" (join "," $urls) -}}
{{- end -}}
{{- with $v.depot.turnaround -}}
{{- $days := list -}}
{{- range $type, $n := . -}}
{{- $days = append $days (printf "%s:%d" $type (int64 $n)) -}}
{{- end -}}
{{- $_ := set $c "DEPOT_TURNAROUND" (join "," $days) -}}
{{- end -}}
{{- if $v.remotes.releases -}}
{{- if not $v.remotes.cdnBaseUrl -}}
{{- fail "remotes.releases needs remotes.cdnBaseUrl: each release is loaded from <cdnBaseUrl>/<name>/<version>/mf-manifest.json" -}}
{{- end -}}
{{- $_ := set $c "PORTAL_REMOTES_FILE" "/etc/portal/remotes/remotes.json" -}}
{{- end -}}
{{- range $name, $value := $v.otel -}}
{{- $_ := set $c $name (toString $value) -}}
{{- end -}}
{{- range $name, $value := $v.extraEnv -}}
{{- if hasKey $v.extraSecretEnv $name -}}
{{- fail (printf "%s is in both extraEnv and extraSecretEnv" $name) -}}
{{- end -}}
{{- $_ := set $c $name (toString $value) -}}
{{- end -}}
{{- toYaml $c -}}
{{- end -}}

{{/*
The secret variables, the portal's own and extraSecretEnv, as env entries with secretKeyRef: the
chart never holds a secret value.
*/}}
{{- define "portal.secretEnv" -}}
{{- $refs := list
  (list "DATABASE_URL" .Values.secrets.databaseUrl)
  (list "REDIS_URL" .Values.secrets.redisUrl)
  (list "BLOB_URL" .Values.secrets.blobUrl)
  (list "PORTAL_SECRET_KEY" .Values.secrets.secretKey)
  (list "SMTP_PASSWORD" .Values.secrets.smtpPassword)
  (list "PAYPAL_CLIENT_SECRET" .Values.secrets.paypalClientSecret)
  (list "AUTHNET_LOGIN_ID" .Values.secrets.authnetLoginId)
  (list "AUTHNET_TRANSACTION_KEY" .Values.secrets.authnetTransactionKey)
  (list "AUTHNET_SIGNATURE_KEY" .Values.secrets.authnetSignatureKey)
-}}
{{- range $name := keys .Values.extraSecretEnv | sortAlpha }}
{{- $refs = append $refs (list $name (index $.Values.extraSecretEnv $name)) }}
{{- end }}
{{- range $refs }}
{{- $ref := index . 1 }}
- name: {{ index . 0 }}
  valueFrom:
    secretKeyRef:
      name: {{ $ref.name }}
      key: {{ $ref.key }}
      {{- if $ref.optional }}
      optional: true
      {{- end }}
{{- end }}
{{- end -}}

{{/*
The domain processes: every one of domains.yaml (generated from `portal routes --json`, so a new
domain needs no edit here) with its paths, and with what processes.<name> tunes. A name under
processes that is no domain fails, as a typo should.
*/}}
{{- define "portal.processes" -}}
{{- $domains := .Files.Get "domains.yaml" | fromYaml -}}
{{- range $name, $_ := .Values.processes -}}
{{- if not (hasKey $domains $name) -}}
{{- fail (printf "processes.%s: no such domain process (domains.yaml: %s)" $name (keys $domains | sortAlpha | join ", ")) -}}
{{- end -}}
{{- end -}}
{{- $out := dict -}}
{{- range $name, $domain := $domains -}}
{{- $own := deepCopy (get ($.Values.processes | default dict) $name | default dict) -}}
{{- $_ := set $own "paths" $domain.paths -}}
{{- $_ := set $out $name $own -}}
{{- end -}}
{{- toYaml $out -}}
{{- end -}}

{{/*
One process's settings: processDefaults overridden by processes.<name>. autoscaling and
podDisruptionBudget merge field by field; any other field a process sets replaces the default
whole. (Sprig's merge functions treat false and 0 as unset, so they cannot express
"autoscaling.enabled: false" over a default of true.)
*/}}
{{- define "portal.process" -}}
{{- $defaults := .root.Values.processDefaults -}}
{{- $own := .process -}}
{{- $p := dict -}}
{{- range $key, $value := $defaults -}}
{{- $_ := set $p $key $value -}}
{{- end -}}
{{- range $key, $value := $own -}}
{{- if and (has $key (list "autoscaling" "podDisruptionBudget")) (hasKey $defaults $key) -}}
{{- $merged := dict -}}
{{- range $k, $v := index $defaults $key -}}{{- $_ := set $merged $k $v -}}{{- end -}}
{{- range $k, $v := $value -}}{{- $_ := set $merged $k $v -}}{{- end -}}
{{- $_ := set $p $key $merged -}}
{{- else -}}
{{- $_ := set $p $key $value -}}
{{- end -}}
{{- end -}}
{{- $as := $p.autoscaling -}}
{{- if and $as.enabled (gt (int $as.minReplicas) (int $as.maxReplicas)) -}}
{{- fail (printf "processes.%s.autoscaling: minReplicas (%d) is above maxReplicas (%d)" .name (int $as.minReplicas) (int $as.maxReplicas)) -}}
{{- end -}}
{{- toYaml $p -}}
{{- end -}}

{{/* The pod's writable directories and their mounts: the root filesystem is read-only. */}}
{{- define "portal.volumes" -}}
- name: data
  emptyDir:
    sizeLimit: {{ .Values.scratch.sizeLimit }}
- name: tmp
  emptyDir:
    sizeLimit: {{ .Values.scratch.sizeLimit }}
{{- end -}}

{{- define "portal.volumeMounts" -}}
- name: data
  mountPath: /var/lib/portal
- name: tmp
  mountPath: /tmp
{{- end -}}

{{- define "portal.containerSecurityContext" -}}
allowPrivilegeEscalation: false
readOnlyRootFilesystem: true
runAsNonRoot: true
capabilities:
  drop: [ALL]
{{- end -}}

{{- /* The remotes file of remotes.releases; not part of the config checksum, so moving a remote
restarts nothing: the web process reads the file again when it changes. */}}
{{- define "portal.remotesFile" -}}
{{- $v := .Values -}}
{{- $base := trimSuffix "/" $v.remotes.cdnBaseUrl -}}
{{- $urls := dict -}}
{{- range $name, $version := $v.remotes.releases -}}
{{- $_ := set $urls $name (printf "%s/%s/%s/mf-manifest.json" $base $name $version) -}}
{{- end -}}
{{- dict "remotes" $urls | toJson -}}
{{- end -}}
