/**
 * Company setup: the lender's own data, who signs its contracts,
 * its operating parameters, contract templates, bank accounts, assignees'
 * accounts and the IOF rates by period.
 *
 * Company 1 (the default of the spec's company calls) exists from the start with empty data, so
 * GET /company/1 answers and the screen offers the form to fill in. Its
 * parameters start with broad limits an administrator narrows.
 *
 * The IOF rates are reference data every install needs (a simulation must find
 * the rates in force on its disbursement date), so they are inserted here, not
 * by the demo seed. Periods are calendar days, both ends inclusive; the open
 * period has valid_to NULL. person_type SIMPLES is a PJ under Simples Nacional
 * (MEI included) in operations up to R$ 30.000,00 (art. 7 §13); above that the
 * PJ rates apply. Sources, Decreto 6.306/2007 (RIOF) art. 7 as amended by:
 * - Decreto 6.339/2008 (from 2008-01-03): PF 0,0082% a.d., PJ 0,0041% a.d.,
 *   additional 0,38% (§15); Simples 0,00137% a.d. (art. 7 §13);
 * - Decreto 6.691/2008 (from 2008-12-12): PF 0,0041%;
 * - Decreto 7.458/2011 (from 2011-04-08): PF 0,0082%;
 * - Decreto 7.632/2011 (from 2011-12-02): PF 0,0068%;
 * - Decreto 7.726/2012 (from 2012-05-22): PF 0,0041%;
 * - Decreto 8.392/2015 (from 2015-01-21): PF 0,0082%;
 * - Decretos 10.305, 10.414 and 10.504/2020 (2020-04-03 to 2020-12-31): credit
 *   rates of the caput and of §15 reduced to zero;
 * - Decreto 10.797/2021 (2021-09-20 to 2021-12-31, §22): PF 0,01118%, PJ 0,00559%;
 * - Decreto 12.466/2025 (from 2025-06-01): PJ 0,0082% and additional 0,95%,
 *   Simples 0,00274% and additional 0,95%;
 * - Decreto 12.499/2025 (from 2025-06-11): PJ 0,0082%, Simples 0,00274%,
 *   additional back to 0,38%. Decreto Legislativo 176/2025 suspended it, and
 *   the STF's decision of 2025-07-16 restored its effects from 2025-06-11,
 *   so the rates run on from that day.
 * Administrators correct or extend them on the IOF parameters screen.
 */
export const id = '0009_company';

export const sql = /* sql */ `
CREATE TABLE companies (
  id serial PRIMARY KEY,
  legal_name text NOT NULL DEFAULT '',
  trade_name text NOT NULL DEFAULT '',
  cnpj text,
  state_registration text,
  cep text,
  address text,
  address_number text,
  address_complement text,
  neighborhood text,
  city text,
  state text,
  phone text,
  email text,
  site text,
  updated_at timestamptz NOT NULL DEFAULT now()
);
INSERT INTO companies (id) VALUES (1);
SELECT setval(pg_get_serial_sequence('companies', 'id'), 1);

-- Who signs the contracts for the lender (legal representatives) and who witnesses them.
CREATE TABLE company_representatives (
  id serial PRIMARY KEY,
  company_id integer NOT NULL REFERENCES companies(id),
  name text NOT NULL,
  cpf text NOT NULL,
  role text NOT NULL DEFAULT '',
  email text,
  phone text,
  active boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE TABLE company_witnesses (
  id serial PRIMARY KEY,
  company_id integer NOT NULL REFERENCES companies(id),
  name text NOT NULL,
  cpf text NOT NULL,
  email text,
  active boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- The operating rules every operation is checked against. Rates are percent per month.
CREATE TABLE company_parameters (
  company_id integer PRIMARY KEY REFERENCES companies(id),
  min_monthly_rate numeric(9,4) NOT NULL CHECK (min_monthly_rate >= 0),
  max_monthly_rate numeric(9,4) NOT NULL,
  min_installments integer NOT NULL CHECK (min_installments >= 1),
  max_installments integer NOT NULL CHECK (max_installments <= 360),
  min_value numeric(14,2) NOT NULL CHECK (min_value > 0),
  max_value numeric(14,2) NOT NULL,
  -- Tarifa de Abertura de Crédito, charged at disbursement
  tac numeric(14,2) NOT NULL DEFAULT 0 CHECK (tac >= 0),
  -- [{ name, amount }] other fees charged at disbursement
  other_fees jsonb NOT NULL DEFAULT '[]'::jsonb,
  -- multa (percent of the overdue installment) and juros de mora (percent per month)
  late_fee_percent numeric(9,4) NOT NULL DEFAULT 2 CHECK (late_fee_percent >= 0),
  default_interest_monthly_percent numeric(9,4) NOT NULL DEFAULT 1 CHECK (default_interest_monthly_percent >= 0),
  grace_days integer NOT NULL DEFAULT 0 CHECK (grace_days >= 0),
  finance_iof_default boolean NOT NULL DEFAULT false,
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (max_monthly_rate >= min_monthly_rate),
  CHECK (max_installments >= min_installments),
  CHECK (max_value >= min_value)
);
INSERT INTO company_parameters (company_id, min_monthly_rate, max_monthly_rate, min_installments, max_installments, min_value, max_value)
VALUES (1, 0, 15, 1, 360, 100, 1000000);

-- Contract templates: CCB (Lei 10.931/2004) and MPO (Lei 13.636/2018); placeholders like {{borrower.name}}.
CREATE TABLE contract_templates (
  id serial PRIMARY KEY,
  company_id integer NOT NULL REFERENCES companies(id),
  kind text NOT NULL CHECK (kind IN ('CCB', 'MPO')),
  title text NOT NULL,
  body text NOT NULL,
  version integer NOT NULL DEFAULT 1,
  updated_by integer REFERENCES users(id),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (company_id, kind)
);

-- The accounts boletos and remittance files use.
CREATE TABLE company_bank_accounts (
  id serial PRIMARY KEY,
  company_id integer NOT NULL REFERENCES companies(id),
  bank_code text NOT NULL CHECK (bank_code ~ '^[0-9]{3}$'),
  bank_name text NOT NULL,
  agency text NOT NULL,
  agency_digit text,
  account text NOT NULL,
  account_digit text,
  wallet text NOT NULL DEFAULT '',
  agreement text NOT NULL DEFAULT '',
  next_our_number bigint NOT NULL DEFAULT 1 CHECK (next_our_number >= 1),
  active boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- Assignees (cessionários, e.g. a receivables fund) installments can be assigned to.
CREATE TABLE assignment_bank_accounts (
  id serial PRIMARY KEY,
  company_id integer NOT NULL REFERENCES companies(id),
  assignee_name text NOT NULL,
  assignee_cnpj text NOT NULL,
  bank_code text NOT NULL CHECK (bank_code ~ '^[0-9]{3}$'),
  bank_name text NOT NULL,
  agency text NOT NULL,
  account text NOT NULL,
  account_digit text,
  active boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE iof_parameters (
  id serial PRIMARY KEY,
  person_type text NOT NULL CHECK (person_type IN ('PF', 'PJ', 'SIMPLES')),
  daily_percent numeric(9,6) NOT NULL CHECK (daily_percent >= 0),
  additional_percent numeric(9,4) NOT NULL CHECK (additional_percent >= 0),
  valid_from date NOT NULL,
  valid_to date,
  legal_basis text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (valid_to IS NULL OR valid_to >= valid_from)
);
CREATE INDEX iof_parameters_lookup_idx ON iof_parameters (person_type, valid_from);

INSERT INTO iof_parameters (person_type, daily_percent, additional_percent, valid_from, valid_to, legal_basis) VALUES
  ('PF', 0.0082, 0.38, '2008-01-03', '2008-12-11', 'Decreto 6.339/2008'),
  ('PF', 0.0041, 0.38, '2008-12-12', '2011-04-07', 'Decreto 6.691/2008'),
  ('PF', 0.0082, 0.38, '2011-04-08', '2011-12-01', 'Decreto 7.458/2011'),
  ('PF', 0.0068, 0.38, '2011-12-02', '2012-05-21', 'Decreto 7.632/2011'),
  ('PF', 0.0041, 0.38, '2012-05-22', '2015-01-20', 'Decreto 7.726/2012'),
  ('PF', 0.0082, 0.38, '2015-01-21', '2020-04-02', 'Decreto 8.392/2015'),
  ('PF', 0, 0, '2020-04-03', '2020-12-31', 'Decretos 10.305, 10.414 e 10.504/2020'),
  ('PF', 0.0082, 0.38, '2021-01-01', '2021-09-19', 'Decreto 6.306/2007, art. 7'),
  ('PF', 0.01118, 0.38, '2021-09-20', '2021-12-31', 'Decreto 10.797/2021'),
  ('PF', 0.0082, 0.38, '2022-01-01', NULL, 'Decreto 6.306/2007, art. 7'),

  ('PJ', 0.0041, 0.38, '2008-01-03', '2020-04-02', 'Decreto 6.339/2008'),
  ('PJ', 0, 0, '2020-04-03', '2020-12-31', 'Decretos 10.305, 10.414 e 10.504/2020'),
  ('PJ', 0.0041, 0.38, '2021-01-01', '2021-09-19', 'Decreto 6.306/2007, art. 7'),
  ('PJ', 0.00559, 0.38, '2021-09-20', '2021-12-31', 'Decreto 10.797/2021'),
  ('PJ', 0.0041, 0.38, '2022-01-01', '2025-05-31', 'Decreto 6.306/2007, art. 7'),
  ('PJ', 0.0082, 0.95, '2025-06-01', '2025-06-10', 'Decreto 12.466/2025'),
  ('PJ', 0.0082, 0.38, '2025-06-11', NULL, 'Decreto 12.499/2025 (efeitos restabelecidos pelo STF em 16/07/2025)'),

  ('SIMPLES', 0.00137, 0.38, '2008-01-03', '2020-04-02', 'Decreto 6.306/2007, art. 7 §13'),
  ('SIMPLES', 0, 0, '2020-04-03', '2020-12-31', 'Decretos 10.305, 10.414 e 10.504/2020'),
  ('SIMPLES', 0.00137, 0.38, '2021-01-01', '2025-05-31', 'Decreto 6.306/2007, art. 7 §13'),
  ('SIMPLES', 0.00274, 0.95, '2025-06-01', '2025-06-10', 'Decreto 12.466/2025'),
  ('SIMPLES', 0.00274, 0.38, '2025-06-11', NULL, 'Decreto 12.499/2025 (efeitos restabelecidos pelo STF em 16/07/2025)');
`;
