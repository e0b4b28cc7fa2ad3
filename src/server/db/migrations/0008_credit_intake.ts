/**
 * Credit intake: solicitations with their document slots, comments,
 * staff documents and status history; entrepreneurs' client info (personal,
 * bank and business data); simulations; the credit bureau's lookup models and
 * reports.
 *
 * Money is numeric(14,2) and travels as decimal strings; rates are numeric.
 * Calendar dates (birthday) are `date`, never a timestamp. Questionnaire
 * answers that come from an option list (the spec's Profile entity, migration 0007)
 * keep the option's id, which survives a title edit.
 */
export const id = '0008_credit_intake';

export const sql = /* sql */ `
CREATE TABLE solicitations (
  id serial PRIMARY KEY,
  -- the applicant's account (an entrepreneur, role USER)
  user_id integer NOT NULL REFERENCES users(id),
  status text NOT NULL DEFAULT 'pending'
    CHECK (status IN ('pending', 'in_review', 'documents_requested', 'approved', 'refused', 'cancelled', 'contracted')),
  status_changed_at timestamptz NOT NULL DEFAULT now(),
  type_credit text NOT NULL CHECK (type_credit IN ('PF', 'PJ')),
  is_foreign boolean NOT NULL DEFAULT false,
  project_id integer REFERENCES projects(id),

  -- personal data
  name text NOT NULL,
  cpf text,
  type_document integer REFERENCES interest_profiles(id),
  num_document_foreign text,
  birthday date,
  genre integer REFERENCES interest_profiles(id),
  relations integer REFERENCES interest_profiles(id),
  nationality integer REFERENCES interest_profiles(id),
  profession text,
  email text NOT NULL,
  phone text,
  cep text,
  address text,
  address_number text,
  address_complement text,
  neighborhood text,
  city text,
  state text,
  instagram text,
  facebook text,
  site text,

  -- company data (PJ)
  cnpj text,
  legal_name text,
  company_name text,
  company_type integer REFERENCES interest_profiles(id),
  branch_of_activity integer REFERENCES interest_profiles(id),
  company_cep text,
  company_address text,
  company_address_number text,
  company_address_complement text,
  company_address_neighborhood text,
  company_city text,
  company_state text,
  -- [{ name, cpf, share }] (share: percent as a decimal string)
  partners jsonb NOT NULL DEFAULT '[]'::jsonb,

  -- bank data (where the credit is paid out)
  profile_account_bank integer REFERENCES interest_profiles(id),
  cpf_cnpj text,
  name_credit_card text,
  bank_name text,
  bank_agency text,
  bank_number text,
  bank_digit text,
  type_account integer REFERENCES interest_profiles(id),
  key_pix text,

  -- financial data
  financing_value numeric(14,2),
  lending_value numeric(14,2) NOT NULL CHECK (lending_value > 0),
  lending_plots_to_pay integer NOT NULL CHECK (lending_plots_to_pay BETWEEN 1 AND 360),
  lending_reason integer REFERENCES lending_reasons(id),
  how_did_find integer REFERENCES how_did_find(id),

  deleted_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX solicitations_list_idx ON solicitations (created_at DESC, id DESC) WHERE deleted_at IS NULL;
CREATE INDEX solicitations_status_idx ON solicitations (status, created_at DESC, id DESC) WHERE deleted_at IS NULL;
CREATE INDEX solicitations_user_idx ON solicitations (user_id);
CREATE INDEX solicitations_project_idx ON solicitations (project_id);

-- Every status change, for the timeline, the e-mail to the applicant and the dashboard.
CREATE TABLE solicitation_status_history (
  id serial PRIMARY KEY,
  solicitation_id integer NOT NULL REFERENCES solicitations(id) ON DELETE CASCADE,
  from_status text,
  to_status text NOT NULL,
  reason text,
  actor_id integer REFERENCES users(id),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX solicitation_status_history_idx ON solicitation_status_history (solicitation_id, id);
CREATE INDEX solicitation_status_history_to_idx ON solicitation_status_history (to_status, created_at);

-- The applicant's documents in the slots of spec §3 (1–15). Every upload is a
-- row; a newer upload of the same slot supersedes the older one, which stays
-- for the record. The file itself is an uploads row (random key).
CREATE TABLE solicitation_slot_documents (
  id serial PRIMARY KEY,
  solicitation_id integer NOT NULL REFERENCES solicitations(id) ON DELETE CASCADE,
  slot integer NOT NULL CHECK (slot BETWEEN 1 AND 15),
  guarantor_id integer,
  upload_id integer NOT NULL REFERENCES uploads(id),
  uploaded_by integer REFERENCES users(id),
  approved_by integer REFERENCES users(id),
  approved_at timestamptz,
  superseded_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX solicitation_slot_documents_idx ON solicitation_slot_documents (solicitation_id, slot, id);
-- "documents awaiting review" lists
CREATE INDEX solicitation_slot_documents_review_idx ON solicitation_slot_documents (solicitation_id)
  WHERE superseded_at IS NULL AND approved_at IS NULL;

CREATE TABLE solicitation_comments (
  id serial PRIMARY KEY,
  solicitation_id integer NOT NULL REFERENCES solicitations(id) ON DELETE CASCADE,
  author_id integer NOT NULL REFERENCES users(id),
  comment text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX solicitation_comments_idx ON solicitation_comments (solicitation_id, id);

-- Documents staff attach to a solicitation (spec §3 "Solicitation document": title, description).
CREATE TABLE solicitation_staff_documents (
  id serial PRIMARY KEY,
  solicitation_id integer NOT NULL REFERENCES solicitations(id) ON DELETE CASCADE,
  upload_id integer NOT NULL REFERENCES uploads(id),
  author_id integer NOT NULL REFERENCES users(id),
  title text NOT NULL,
  description text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX solicitation_staff_documents_idx ON solicitation_staff_documents (solicitation_id, id);

-- Entrepreneurs' client info (spec §3: personalData, bankData list, businessData).
-- users already holds name, e-mail, cpf, phone, state and city.
CREATE TABLE entrepreneur_profiles (
  user_id integer PRIMARY KEY REFERENCES users(id),
  birthday date,
  genre integer REFERENCES interest_profiles(id),
  relations integer REFERENCES interest_profiles(id),
  nationality integer REFERENCES interest_profiles(id),
  type_document integer REFERENCES interest_profiles(id),
  num_document_foreign text,
  profession text,
  cep text,
  address text,
  address_number text,
  address_complement text,
  neighborhood text,
  instagram text,
  facebook text,
  site text,
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE entrepreneur_bank_accounts (
  id serial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users(id),
  profile_account_bank integer REFERENCES interest_profiles(id),
  cpf_cnpj text,
  holder_name text,
  bank_name text NOT NULL,
  bank_agency text NOT NULL,
  bank_number text NOT NULL,
  bank_digit text,
  type_account integer REFERENCES interest_profiles(id),
  key_pix text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX entrepreneur_bank_accounts_user_idx ON entrepreneur_bank_accounts (user_id, id);

CREATE TABLE entrepreneur_businesses (
  user_id integer PRIMARY KEY REFERENCES users(id),
  cnpj text,
  legal_name text,
  company_name text,
  company_type integer REFERENCES interest_profiles(id),
  branch_of_activity integer REFERENCES interest_profiles(id),
  cep text,
  address text,
  address_number text,
  address_complement text,
  neighborhood text,
  city text,
  state text,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- What a prospective borrower simulated in the applicant's app.
CREATE TABLE simulations (
  id serial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users(id),
  solicitation_id integer REFERENCES solicitations(id) ON DELETE SET NULL,
  value numeric(14,2) NOT NULL CHECK (value > 0),
  plots integer NOT NULL CHECK (plots BETWEEN 1 AND 360),
  -- percent per month
  monthly_rate numeric(9,4) NOT NULL CHECK (monthly_rate >= 0),
  installment numeric(14,2) NOT NULL,
  deleted_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX simulations_list_idx ON simulations (created_at DESC, id DESC) WHERE deleted_at IS NULL;
CREATE INDEX simulations_user_idx ON simulations (user_id);

-- Credit bureau (spec: "Credit-bureau lookup model: active, label").
CREATE TABLE bureau_lookup_models (
  id serial PRIMARY KEY,
  label text NOT NULL,
  active boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE bureau_reports (
  id serial PRIMARY KEY,
  solicitation_id integer REFERENCES solicitations(id) ON DELETE SET NULL,
  -- the person or company looked up (an entrepreneur's account, when known)
  user_id integer REFERENCES users(id),
  document text NOT NULL,
  subject_name text NOT NULL,
  model_id integer REFERENCES bureau_lookup_models(id),
  provider text NOT NULL,
  score integer CHECK (score BETWEEN 0 AND 1000),
  result jsonb NOT NULL,
  requested_by integer REFERENCES users(id),
  -- a billable query runs once per key, however often the request is repeated
  idempotency_key text UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX bureau_reports_solicitation_idx ON bureau_reports (solicitation_id, id);
CREATE INDEX bureau_reports_user_idx ON bureau_reports (user_id, id);
CREATE INDEX bureau_reports_document_idx ON bureau_reports (document, id);

INSERT INTO bureau_lookup_models (label) VALUES
  ('Score PF (pessoa física)'),
  ('Score PJ (pessoa jurídica)'),
  ('Relatório completo PF'),
  ('Relatório completo PJ');
`;
