-- Foundation schema. Every table that holds tenant data carries tenant_id in its primary key, and
-- every query names it. No column holds a plaintext personal value: token values are AES-256-GCM
-- ciphertext, credentials are stored as hashes.

CREATE TABLE tenants (
  id          text PRIMARY KEY,
  name        text NOT NULL,
  settings    jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_at  timestamptz NOT NULL DEFAULT now()
);

-- Per-tenant data keys, wrapped (AES-256-GCM) under a subkey of SERVICE_MASTER_KEY. Rotation adds a
-- version; deleting a tenant's rows crypto-shreds its token values.
CREATE TABLE tenant_keys (
  tenant_id         text NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
  version           integer NOT NULL,
  wrapped_data_key  bytea NOT NULL,
  wrapped_hmac_key  bytea NOT NULL,
  created_at        timestamptz NOT NULL DEFAULT now(),
  retired_at        timestamptz,
  PRIMARY KEY (tenant_id, version)
);

CREATE TABLE admin_users (
  id             text PRIMARY KEY,
  email          text NOT NULL UNIQUE,
  password_hash  text NOT NULL,
  created_at     timestamptz NOT NULL DEFAULT now(),
  disabled_at    timestamptz
);

CREATE TABLE devices (
  tenant_id    text NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
  id           text NOT NULL,
  end_user_id  text NOT NULL,
  name         text NOT NULL,
  created_at   timestamptz NOT NULL DEFAULT now(),
  revoked_at   timestamptz,
  PRIMARY KEY (tenant_id, id)
);

-- Secret, publishable and device keys. Looked up only by the SHA-256 of the full key.
CREATE TABLE api_keys (
  tenant_id        text NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
  id               text NOT NULL,
  kind             text NOT NULL CHECK (kind IN ('secret', 'publishable', 'device')),
  name             text NOT NULL,
  prefix           text NOT NULL,
  key_hash         bytea NOT NULL UNIQUE,
  scopes           text[] NOT NULL,
  allowed_origins  text[] NOT NULL DEFAULT '{}',
  device_id        text,
  end_user_id      text,
  created_at       timestamptz NOT NULL DEFAULT now(),
  revoked_at       timestamptz,
  last_used_at     timestamptz,
  PRIMARY KEY (tenant_id, id),
  CHECK (kind <> 'publishable' OR cardinality(allowed_origins) > 0),
  CHECK (kind <> 'device' OR (device_id IS NOT NULL AND end_user_id IS NOT NULL))
);

-- Provider keys identify tenant and provider on the proxy. Only an HMAC (keyed by a subkey of
-- SERVICE_MASTER_KEY) and the last four characters are kept: never the key.
CREATE TABLE provider_keys (
  tenant_id   text NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
  id          text NOT NULL,
  provider    text NOT NULL,
  key_hmac    bytea NOT NULL UNIQUE,
  last4       text NOT NULL,
  base_url    text,
  created_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id)
);

CREATE TABLE client_sessions (
  tenant_id        text NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
  id               text NOT NULL,
  token_hash       bytea NOT NULL UNIQUE,
  end_user_id      text NOT NULL,
  scopes           text[] NOT NULL,
  minted_by_key_id text NOT NULL,
  created_at       timestamptz NOT NULL DEFAULT now(),
  expires_at       timestamptz NOT NULL,
  revoked_at       timestamptz,
  PRIMARY KEY (tenant_id, id),
  FOREIGN KEY (tenant_id, minted_by_key_id) REFERENCES api_keys(tenant_id, id) ON DELETE CASCADE
);
CREATE INDEX client_sessions_minted_by ON client_sessions (tenant_id, minted_by_key_id);
CREATE INDEX client_sessions_expires_at ON client_sessions (expires_at);

-- Conversation sessions: minted by the service, owned by the first end user to tokenize in them.
CREATE TABLE sessions (
  tenant_id          text NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
  id                 text NOT NULL,
  owner_end_user_id  text,
  created_at         timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id)
);

CREATE TABLE tokens (
  tenant_id              text NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
  id                     text NOT NULL,
  session_id             text NOT NULL,
  entity_type            text NOT NULL,
  label                  text NOT NULL,
  key_version            integer NOT NULL,
  value_ciphertext       bytea,
  value_hmac             bytea,
  created_by_end_user    text,
  created_by_credential  text NOT NULL,
  created_at             timestamptz NOT NULL DEFAULT now(),
  purged_at              timestamptz,
  PRIMARY KEY (tenant_id, id),
  FOREIGN KEY (tenant_id, session_id) REFERENCES sessions(tenant_id, id) ON DELETE CASCADE
);
-- Same (session, type, value) → same token; purged rows have a null HMAC and drop out.
CREATE UNIQUE INDEX tokens_session_value ON tokens (tenant_id, session_id, value_hmac) WHERE value_hmac IS NOT NULL;
CREATE INDEX tokens_created_by ON tokens (tenant_id, created_by_end_user);
CREATE INDEX tokens_created_at ON tokens (tenant_id, created_at) WHERE purged_at IS NULL;

CREATE TABLE reveal_grants (
  tenant_id            text NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
  id                   text NOT NULL,
  subject_end_user_id  text,
  tokens               text[] NOT NULL DEFAULT '{}',
  grantee_end_user_id  text,
  reason               text,
  created_by_key_id    text NOT NULL,
  created_at           timestamptz NOT NULL DEFAULT now(),
  expires_at           timestamptz NOT NULL,
  revoked_at           timestamptz,
  PRIMARY KEY (tenant_id, id),
  CHECK (subject_end_user_id IS NOT NULL OR cardinality(tokens) > 0)
);

-- One row per token per reveal attempt; (attempt_id, token_id) makes a retried job a no-op.
CREATE TABLE reveal_log (
  tenant_id        text NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
  attempt_id       text NOT NULL,
  token_id         text NOT NULL,
  outcome          text NOT NULL CHECK (outcome IN ('revealed', 'forbidden', 'purged', 'not_found')),
  end_user_id      text,
  credential_kind  text NOT NULL,
  credential_id    text NOT NULL,
  client_ip        inet,
  grant_id         text,
  created_at       timestamptz NOT NULL,
  PRIMARY KEY (tenant_id, attempt_id, token_id)
);
CREATE INDEX reveal_log_recent ON reveal_log (tenant_id, created_at DESC);

CREATE TABLE request_log (
  tenant_id            text NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
  id                   text NOT NULL,
  provider             text NOT NULL,
  model                text,
  status               integer NOT NULL,
  stream               boolean NOT NULL,
  session_id           text,
  trace_id             text,
  latency_ms           double precision,
  upstream_latency_ms  double precision,
  first_byte_ms        double precision,
  entity_counts        jsonb NOT NULL DEFAULT '{}'::jsonb,
  restored_count       integer NOT NULL DEFAULT 0,
  usage                jsonb,
  error_code           text,
  debug_key_version    integer,
  debug_request        bytea,
  debug_response       bytea,
  debug_expires_at     timestamptz,
  created_at           timestamptz NOT NULL,
  PRIMARY KEY (tenant_id, id)
);
CREATE INDEX request_log_recent ON request_log (tenant_id, created_at DESC);

-- Detected entities: type, label, score and time only. Never values or masked values.
CREATE TABLE audit_entities (
  tenant_id    text NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
  event_id     text NOT NULL,
  seq          integer NOT NULL,
  source       text NOT NULL CHECK (source IN ('tokenize', 'detect', 'proxy')),
  entity_type  text NOT NULL,
  label        text NOT NULL,
  score        real NOT NULL,
  created_at   timestamptz NOT NULL,
  PRIMARY KEY (tenant_id, event_id, seq)
);
CREATE INDEX audit_entities_recent ON audit_entities (tenant_id, created_at DESC);

CREATE TABLE usage_events (
  tenant_id        text NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
  event_id         text NOT NULL,
  kind             text NOT NULL CHECK (kind IN ('tokenize', 'proxy')),
  characters       bigint NOT NULL DEFAULT 0,
  tokens_created   integer NOT NULL DEFAULT 0,
  input_tokens     bigint,
  output_tokens    bigint,
  stream           boolean,
  created_at       timestamptz NOT NULL,
  PRIMARY KEY (tenant_id, event_id)
);
CREATE INDEX usage_events_recent ON usage_events (tenant_id, created_at DESC);
