/**
 * Origination: borrowers with their credit file, and credit
 * operations from the proposal to the issued contract.
 *
 * Borrowers. A borrower is a person (PF) or a company (PJ) the lender may
 * lend to, created from an approved solicitation (solicitation_id, user_id
 * kept) or from scratch. Its document (CPF or CNPJ, formatted) is unique among
 * the borrowers not deleted. Business data (PUT /borrowers/business) lives on
 * the same row; bank accounts (POST/PUT /borrowers/bank) in their own table,
 * one of them the payout account.
 *
 * Sub-records, each its own table with typed columns (money numeric(14,2)):
 * shareholders (sócios; signs_as_guarantor marks those who sign the CCB as
 * avalistas), attorneys (procuradores), joint debtors (devedores solidários,
 * always guarantors of the CCB), products (what the business sells, for the
 * analysis), revenues (faturamento by month), secured guarantees (garantias
 * reais, with an optional document), other information (one row), and
 * borrower parameters (limits narrower than the company's; NULL = the
 * company's).
 *
 * Credit operations. Conditions and the results of the money math are stored
 * when the proposal is saved and again on every edit (numeric columns; fees as
 * a list of {name, amount} decimal strings with their total in a numeric
 * column), with the schedule in credit_operation_installments (servicing
 * works on those rows). `version` goes up on every change: a change carries
 * the version it was made on, so two people (or twenty requests) changing the
 * same operation find one winner and 409s, never a lost update. Every event goes to
 * credit_operation_events (the timeline) in the same transaction as the
 * change and its activity-log entry.
 *
 * Idempotency: the writes that create money records (an operation, a contract)
 * carry a key; idempotency_keys keeps the answer of the first request, so a
 * retry or a double click answers the same record instead of creating two.
 *
 * Issued contracts keep the text rendered from the template version in force
 * (the PDF is drawn from it, so a later template change never alters a signed
 * contract); cancelling marks them, never deletes.
 */
export const id = '0010_origination';

export const sql = /* sql */ `
CREATE TABLE borrowers (
  id serial PRIMARY KEY,
  company_id integer NOT NULL DEFAULT 1 REFERENCES companies(id),
  person_type text NOT NULL CHECK (person_type IN ('PF', 'PJ')),
  simples_nacional boolean NOT NULL DEFAULT false,
  -- the person's name, or the company's legal name
  name text NOT NULL,
  trade_name text,
  -- CPF (PF) or CNPJ (PJ), formatted
  document text NOT NULL,
  user_id integer REFERENCES users(id),
  solicitation_id integer UNIQUE REFERENCES solicitations(id),
  birthday date,
  email text,
  phone text,
  cep text,
  address text,
  address_number text,
  address_complement text,
  neighborhood text,
  city text,
  state text,
  profession text,
  monthly_income numeric(14,2) CHECK (monthly_income >= 0),
  -- business data (PUT /borrowers/business)
  legal_representative_name text,
  legal_representative_cpf text,
  state_registration text,
  opening_date date,
  activity text,
  employees integer CHECK (employees >= 0),
  monthly_revenue numeric(14,2) CHECK (monthly_revenue >= 0),
  active boolean NOT NULL DEFAULT true,
  created_by integer REFERENCES users(id),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz
);
CREATE UNIQUE INDEX borrowers_document_unique ON borrowers (document) WHERE deleted_at IS NULL;
CREATE INDEX borrowers_list_idx ON borrowers (created_at DESC, id DESC) WHERE deleted_at IS NULL;
CREATE INDEX borrowers_name_idx ON borrowers (lower(name));
CREATE INDEX borrowers_user_idx ON borrowers (user_id);

CREATE TABLE borrower_bank_accounts (
  id serial PRIMARY KEY,
  borrower_id integer NOT NULL REFERENCES borrowers(id) ON DELETE CASCADE,
  bank_code text NOT NULL CHECK (bank_code ~ '^[0-9]{3}$'),
  bank_name text NOT NULL,
  agency text NOT NULL,
  agency_digit text,
  account text NOT NULL,
  account_digit text,
  account_type text NOT NULL CHECK (account_type IN ('checking', 'savings', 'payment')),
  pix_key text,
  -- the account the credit is paid out to (one per borrower)
  is_payout boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX borrower_bank_accounts_idx ON borrower_bank_accounts (borrower_id, id);
CREATE UNIQUE INDEX borrower_bank_accounts_payout ON borrower_bank_accounts (borrower_id) WHERE is_payout;

CREATE TABLE borrower_shareholders (
  id serial PRIMARY KEY,
  borrower_id integer NOT NULL REFERENCES borrowers(id) ON DELETE CASCADE,
  name text NOT NULL,
  document text NOT NULL,
  share_percent numeric(7,4) NOT NULL CHECK (share_percent > 0 AND share_percent <= 100),
  position text,
  email text,
  phone text,
  signs_as_guarantor boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX borrower_shareholders_idx ON borrower_shareholders (borrower_id, id);

CREATE TABLE borrower_attorneys (
  id serial PRIMARY KEY,
  borrower_id integer NOT NULL REFERENCES borrowers(id) ON DELETE CASCADE,
  name text NOT NULL,
  cpf text NOT NULL,
  email text,
  phone text,
  powers text NOT NULL,
  valid_until date,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX borrower_attorneys_idx ON borrower_attorneys (borrower_id, id);

CREATE TABLE borrower_joint_debtors (
  id serial PRIMARY KEY,
  borrower_id integer NOT NULL REFERENCES borrowers(id) ON DELETE CASCADE,
  name text NOT NULL,
  document text NOT NULL,
  relationship text NOT NULL,
  email text,
  phone text,
  address text,
  monthly_income numeric(14,2) CHECK (monthly_income >= 0),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX borrower_joint_debtors_idx ON borrower_joint_debtors (borrower_id, id);

CREATE TABLE borrower_products (
  id serial PRIMARY KEY,
  borrower_id integer NOT NULL REFERENCES borrowers(id) ON DELETE CASCADE,
  name text NOT NULL,
  description text,
  average_price numeric(14,2) CHECK (average_price >= 0),
  revenue_share_percent numeric(7,4) CHECK (revenue_share_percent >= 0 AND revenue_share_percent <= 100),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX borrower_products_idx ON borrower_products (borrower_id, id);

CREATE TABLE borrower_revenues (
  id serial PRIMARY KEY,
  borrower_id integer NOT NULL REFERENCES borrowers(id) ON DELETE CASCADE,
  -- 'YYYY-MM'
  reference_month text NOT NULL CHECK (reference_month ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'),
  amount numeric(14,2) NOT NULL CHECK (amount >= 0),
  source text NOT NULL CHECK (source IN ('declared', 'bank_statement', 'invoices', 'tax_return')),
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (borrower_id, reference_month)
);

CREATE TABLE borrower_secured_guarantees (
  id serial PRIMARY KEY,
  borrower_id integer NOT NULL REFERENCES borrowers(id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('vehicle', 'property', 'equipment', 'receivables', 'investment', 'other')),
  description text NOT NULL,
  value numeric(14,2) NOT NULL CHECK (value > 0),
  registry text,
  -- the uploaded document (POST /borrowers/securedguarantee/upload), keyed like every stored file
  file_key text UNIQUE,
  file_name text,
  file_mime text,
  file_size integer,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX borrower_secured_guarantees_idx ON borrower_secured_guarantees (borrower_id, id);

CREATE TABLE borrower_other_information (
  borrower_id integer PRIMARY KEY REFERENCES borrowers(id) ON DELETE CASCADE,
  years_in_business integer CHECK (years_in_business >= 0),
  has_other_loans boolean NOT NULL DEFAULT false,
  other_loans_description text,
  references_text text,
  notes text,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- Limits for this borrower, inside the company's; NULL means the company's.
CREATE TABLE borrower_parameters (
  borrower_id integer PRIMARY KEY REFERENCES borrowers(id) ON DELETE CASCADE,
  min_monthly_rate numeric(9,4) CHECK (min_monthly_rate >= 0),
  max_monthly_rate numeric(9,4) CHECK (max_monthly_rate >= 0),
  max_installments integer CHECK (max_installments BETWEEN 1 AND 360),
  max_value numeric(14,2) CHECK (max_value > 0),
  tac numeric(14,2) CHECK (tac >= 0),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE credit_operations (
  id serial PRIMARY KEY,
  company_id integer NOT NULL DEFAULT 1 REFERENCES companies(id),
  borrower_id integer NOT NULL REFERENCES borrowers(id),
  solicitation_id integer REFERENCES solicitations(id),
  status text NOT NULL DEFAULT 'proposal'
    CHECK (status IN ('proposal', 'analysis', 'returned', 'approved', 'refused', 'contract_issued', 'disbursed', 'cancelled')),
  status_changed_at timestamptz NOT NULL DEFAULT now(),
  version integer NOT NULL DEFAULT 1,
  product text NOT NULL,
  contract_kind text NOT NULL CHECK (contract_kind IN ('CCB', 'MPO')),
  amortization text NOT NULL CHECK (amortization IN ('price', 'sac')),
  -- what was asked, and the principal financed (grossed up when IOF is financed)
  requested_amount numeric(14,2) NOT NULL CHECK (requested_amount > 0),
  principal numeric(14,2) NOT NULL CHECK (principal > 0),
  monthly_rate numeric(9,4) NOT NULL CHECK (monthly_rate >= 0),
  installments_count integer NOT NULL CHECK (installments_count BETWEEN 1 AND 360),
  disbursement_date date NOT NULL,
  first_due_date date NOT NULL,
  finance_iof boolean NOT NULL,
  fees jsonb NOT NULL DEFAULT '[]'::jsonb,
  fees_total numeric(14,2) NOT NULL,
  iof_daily numeric(14,2) NOT NULL,
  iof_additional numeric(14,2) NOT NULL,
  iof_total numeric(14,2) NOT NULL,
  iof_rates jsonb NOT NULL,
  -- percent with two places, as the simulation answers them
  cet_monthly numeric(12,2) NOT NULL,
  cet_yearly numeric(12,2) NOT NULL,
  total_interest numeric(14,2) NOT NULL,
  total_payable numeric(14,2) NOT NULL,
  released numeric(14,2) NOT NULL,
  secured_guarantee_ids integer[] NOT NULL DEFAULT '{}',
  -- complement (GET/PUT /complement)
  purpose text,
  payment_method text NOT NULL DEFAULT 'boleto' CHECK (payment_method IN ('boleto', 'pix', 'debit')),
  analyst_opinion text,
  notes text,
  -- MPO: the orientation given to the entrepreneur (Lei 13.636/2018 art. 1 §2)
  orientation_message text,
  decision_reason text,
  decided_by integer REFERENCES users(id),
  decided_at timestamptz,
  created_by integer REFERENCES users(id),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (first_due_date > disbursement_date)
);
CREATE INDEX credit_operations_list_idx ON credit_operations (created_at DESC, id DESC);
CREATE INDEX credit_operations_status_idx ON credit_operations (status, created_at DESC, id DESC);
CREATE INDEX credit_operations_borrower_idx ON credit_operations (borrower_id, id);
CREATE INDEX credit_operations_solicitation_idx ON credit_operations (solicitation_id);

CREATE TABLE credit_operation_installments (
  id serial PRIMARY KEY,
  credit_operation_id integer NOT NULL REFERENCES credit_operations(id) ON DELETE CASCADE,
  number integer NOT NULL,
  due_date date NOT NULL,
  payment numeric(14,2) NOT NULL,
  interest numeric(14,2) NOT NULL,
  amortization numeric(14,2) NOT NULL,
  balance numeric(14,2) NOT NULL,
  -- servicing (the next issue): paid_on is the calendar day it was settled
  paid_on date,
  UNIQUE (credit_operation_id, number)
);
CREATE INDEX credit_operation_installments_open_idx ON credit_operation_installments (due_date) WHERE paid_on IS NULL;

-- The timeline: every event of an operation, who and when.
CREATE TABLE credit_operation_events (
  id serial PRIMARY KEY,
  credit_operation_id integer NOT NULL REFERENCES credit_operations(id) ON DELETE CASCADE,
  kind text NOT NULL,
  from_status text,
  to_status text,
  note text,
  actor_id integer REFERENCES users(id),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX credit_operation_events_idx ON credit_operation_events (credit_operation_id, id);

CREATE TABLE credit_operation_messages (
  id serial PRIMARY KEY,
  credit_operation_id integer NOT NULL REFERENCES credit_operations(id) ON DELETE CASCADE,
  author_id integer NOT NULL REFERENCES users(id),
  body text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX credit_operation_messages_idx ON credit_operation_messages (credit_operation_id, id);

CREATE TABLE issued_contracts (
  id serial PRIMARY KEY,
  company_id integer NOT NULL REFERENCES companies(id),
  credit_operation_id integer NOT NULL REFERENCES credit_operations(id),
  kind text NOT NULL CHECK (kind IN ('CCB', 'MPO')),
  -- e.g. CCB-2026-000123
  number text NOT NULL UNIQUE,
  template_id integer REFERENCES contract_templates(id),
  template_version integer NOT NULL,
  title text NOT NULL,
  -- the template filled in at issue; the PDF is drawn from it
  body text NOT NULL,
  -- { borrower, guarantors[], representatives[], witnesses[] } as signed, for the signature lines
  signatories jsonb NOT NULL,
  status text NOT NULL DEFAULT 'issued' CHECK (status IN ('issued', 'cancelled')),
  issued_by integer REFERENCES users(id),
  issued_at timestamptz NOT NULL DEFAULT now(),
  cancelled_by integer REFERENCES users(id),
  cancelled_at timestamptz
);
CREATE INDEX issued_contracts_company_idx ON issued_contracts (company_id, issued_at DESC, id DESC);
CREATE INDEX issued_contracts_operation_idx ON issued_contracts (credit_operation_id, id);
-- At most one contract in force per operation.
CREATE UNIQUE INDEX issued_contracts_in_force ON issued_contracts (credit_operation_id) WHERE status = 'issued';

CREATE TABLE idempotency_keys (
  key text PRIMARY KEY,
  operation text NOT NULL,
  user_id integer NOT NULL REFERENCES users(id),
  -- what the request asked (to tell a replay from a key reused for something else)
  request_hash text NOT NULL,
  response jsonb,
  created_at timestamptz NOT NULL DEFAULT now()
);
`;
