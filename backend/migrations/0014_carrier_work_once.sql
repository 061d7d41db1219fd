-- Issue 23 item 2 and issue 24 sections 2–3: carrier work happens once, and advances by itself.
-- docs/security.md ("Carrier work happens once"), docs/backend.md ("Carrier work"), decision 030.

-- A porting submission's idempotency key, sent to the carrier: a retry of the same submission (after a
-- timeout) can never file a second port request. Set when a submission is claimed, cleared when the carrier
-- puts the order in exception (a corrected resubmission is a new request).
ALTER TABLE porting_orders ADD COLUMN carrier_request_key TEXT;
-- When the reconciler last asked the carrier, and the carrier time of the newest event applied (webhooks are
-- applied in carrier order, an older event never undoes a newer one).
ALTER TABLE porting_orders ADD COLUMN carrier_checked_at TEXT;
ALTER TABLE porting_orders ADD COLUMN carrier_event_at TEXT;
ALTER TABLE number_orders ADD COLUMN carrier_checked_at TEXT;
ALTER TABLE number_orders ADD COLUMN carrier_event_at TEXT;
CREATE INDEX porting_orders_open_checked_idx ON porting_orders (status, carrier_checked_at);
CREATE INDEX number_orders_open_checked_idx ON number_orders (status, carrier_checked_at);

-- A carrier step of a port (`<carrier port id>:<status>`) is recorded once, whoever reads it first.
ALTER TABLE porting_order_events ADD COLUMN carrier_step TEXT;
CREATE UNIQUE INDEX porting_order_events_carrier_step_idx ON porting_order_events (carrier_step);

-- The sandbox carrier's idempotency: one answer per client request key (number orders, port requests).
CREATE TABLE carrier_sandbox_requests (
  request_key TEXT PRIMARY KEY,
  -- JSON answer; NULL while the first request with this key is still being served.
  result TEXT,
  created_at TEXT NOT NULL
);

-- Carrier webhooks (POST /api/webhooks/{carrier}): each event once, by the carrier's event id.
CREATE TABLE carrier_events (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  carrier TEXT NOT NULL,
  event_id TEXT NOT NULL,
  event_type TEXT NOT NULL,
  -- The carrier's order or port id the event is about (number_orders.carrier_order_id, porting_orders.carrier_port_id).
  carrier_reference TEXT,
  occurred_at TEXT NOT NULL,
  payload TEXT NOT NULL,
  received_at TEXT NOT NULL,
  processed_at TEXT,
  -- Message key when processing failed for good.
  error TEXT
);
CREATE UNIQUE INDEX carrier_events_event_idx ON carrier_events (carrier, event_id);
CREATE INDEX carrier_events_unprocessed_idx ON carrier_events (processed_at, received_at);
