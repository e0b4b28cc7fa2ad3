/**
 * Pix charges matched to installments (areas/pix).
 *
 * - pix_settings: per company, the Pix provider its charges are created at ('none': the slip keeps the static code;
 *   'sandbox': the embedded backend's own; 'api': a PSP speaking the Central Bank's Pix API), the provider's base URL,
 *   the secret the provider signs its webhook notices with, and the person in whose name the notices' payments are
 *   booked (who chose the provider).
 * - pix_charges: one cobv per slip (txid UNIQUE: creating it again is a no-op), the JSON sent, the location answered.
 * - pix_notices: every Pix the provider notified, once per endToEndId (UNIQUE), settled (with its payment) or
 *   unmatched (unknown txid, wrong amount, refused by the payment rules) with the reason. Facts: never changed.
 * - pix_webhook_deliveries: the signature of every notice taken (a replay inside the time window is refused);
 *   pix_webhook_refusals: every notice refused (unsigned, badly signed, stale, replayed), for the log.
 */
export const id = '0042_pix_charges';

export const sql = /* sql */ `
CREATE TABLE pix_settings (
  company_id integer PRIMARY KEY REFERENCES companies(id),
  provider text NOT NULL DEFAULT 'none' CHECK (provider IN ('none', 'sandbox', 'api')),
  api_base_url text,
  webhook_secret text NOT NULL,
  settle_as integer NOT NULL REFERENCES users(id),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (provider <> 'api' OR api_base_url IS NOT NULL)
);

CREATE TABLE pix_charges (
  id serial PRIMARY KEY,
  txid text NOT NULL UNIQUE CHECK (txid ~ '^[A-Za-z0-9]{26,35}$'),
  company_id integer NOT NULL REFERENCES companies(id),
  credit_operation_id integer NOT NULL REFERENCES credit_operations(id),
  installment_id integer NOT NULL REFERENCES credit_operation_installments(id),
  slip_id integer NOT NULL REFERENCES boleto_slips(id),
  provider text NOT NULL,
  amount numeric(14,2) NOT NULL CHECK (amount > 0),
  due_date date NOT NULL,
  request jsonb NOT NULL,
  location text,
  registered_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX pix_charges_installment ON pix_charges (installment_id);

CREATE TABLE pix_notices (
  id serial PRIMARY KEY,
  end_to_end_id text NOT NULL UNIQUE,
  company_id integer NOT NULL REFERENCES companies(id),
  txid text,
  charge_id integer REFERENCES pix_charges(id),
  amount numeric(14,2) NOT NULL,
  paid_at timestamptz NOT NULL,
  paid_on date NOT NULL,
  status text NOT NULL CHECK (status IN ('settled', 'unmatched')),
  reason text,
  transaction_id integer REFERENCES installment_transactions(id),
  payload jsonb NOT NULL,
  received_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((status = 'settled') = (transaction_id IS NOT NULL)),
  CHECK (status = 'settled' OR reason IS NOT NULL)
);
CREATE INDEX pix_notices_unmatched ON pix_notices (company_id, id) WHERE status = 'unmatched';

CREATE TABLE pix_webhook_deliveries (
  signature text PRIMARY KEY,
  company_id integer NOT NULL REFERENCES companies(id),
  received_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE pix_webhook_refusals (
  id serial PRIMARY KEY,
  company_id integer,
  reason text NOT NULL CHECK (reason IN ('unsigned', 'bad_signature', 'stale', 'replayed', 'no_provider')),
  timestamp_header text,
  body_sha256 text NOT NULL,
  received_at timestamptz NOT NULL DEFAULT now()
);

CREATE TRIGGER pix_notices_append_only BEFORE UPDATE OR DELETE ON pix_notices
  FOR EACH ROW EXECUTE FUNCTION servicing_refuse_change();
`;
