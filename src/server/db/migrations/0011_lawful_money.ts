/**
 * Money within the law and within bounds the database holds on its own.
 *
 * Company parameters:
 * - max_first_period_days (default 60): the most days from the disbursement
 *   to the first due date. At least 31, so a whole month always fits.
 * - max_disbursement_days_ahead (default 30): how far after the business date
 *   a disbursement may be planned (0 = only today).
 * - multa at most 2% (Código de Defesa do Consumidor, art. 52 §1) and juros de
 *   mora at most 1% a month (STJ Súmula 379); rates at most 100% a month.
 *   Values above a legal cap are lowered to it first: no contract may charge
 *   more, whatever was typed before.
 *
 * TAC: forbidden for individuals since 30/04/2008 (Res. CMN 3.518/2007, art.
 * 1 and its table; STJ Súmula 565). A PF borrower's negotiated TAC is
 * removed; the simulation never charges a PF one (the company's TAC is for PJ).
 *
 * MEI (borrowers.mei): a PJ under Simples Nacional as Microempreendedor
 * Individual (Lei Complementar 123/2006, art. 18-A). The IOF has a person
 * type MEI with its own periods: until 31/05/2025 the Simples Nacional rates
 * (the MEI is a Simples optant, art. 7 §13 of Decreto 6.306/2007); Decreto
 * 12.466/2025 gave it expressly the Simples daily rate and the individuals'
 * additional rate (0,38%) when the other companies paid 0,95%; from
 * 11/06/2025 (Decreto 12.499/2025) the additional rate is 0,38% for all. Like
 * the Simples rate, it applies to operations up to R$ 30.000,00; above that,
 * the ordinary PJ rates.
 *
 * IOF periods:
 * - the legal source of each seeded period, article by article (legal_basis,
 *   now required: a blank one left by an earlier screen says so);
 * - daily and additional rates at most 1.5% (Lei 8.894/1994, art. 1, I: the
 *   IOF on credit is at most 1,5% a day; no additional rate ever passed 0,95%);
 * - no two periods of one person type share a day: an exclusion constraint per
 *   person type over daterange(valid_from, valid_to, '[]') (an open end is an
 *   unbounded range). One constraint per type with a WHERE, rather than one
 *   over (person_type WITH =, range WITH &&), because equality on text in a
 *   GiST index needs the btree_gist extension, which a PostgreSQL server may
 *   not let the application create and PGlite would load at every start; the
 *   range operators are built in. A new person type adds its constraint here.
 */
export const id = '0011_lawful_money';

export const sql = /* sql */ `
UPDATE company_parameters SET
  late_fee_percent = LEAST(late_fee_percent, 2),
  default_interest_monthly_percent = LEAST(default_interest_monthly_percent, 1),
  min_monthly_rate = LEAST(min_monthly_rate, 100),
  max_monthly_rate = LEAST(max_monthly_rate, 100);
ALTER TABLE company_parameters
  ADD COLUMN max_first_period_days integer NOT NULL DEFAULT 60 CONSTRAINT company_parameters_first_period_range CHECK (max_first_period_days BETWEEN 31 AND 365),
  ADD COLUMN max_disbursement_days_ahead integer NOT NULL DEFAULT 30 CONSTRAINT company_parameters_days_ahead_range CHECK (max_disbursement_days_ahead BETWEEN 0 AND 365),
  ADD CONSTRAINT company_parameters_late_fee_cap CHECK (late_fee_percent <= 2),
  ADD CONSTRAINT company_parameters_default_interest_cap CHECK (default_interest_monthly_percent <= 1),
  ADD CONSTRAINT company_parameters_rate_cap CHECK (max_monthly_rate <= 100);

UPDATE borrower_parameters bp SET tac = NULL, updated_at = now()
  FROM borrowers b
 WHERE b.id = bp.borrower_id AND b.person_type = 'PF' AND bp.tac IS NOT NULL;
UPDATE borrower_parameters SET
  min_monthly_rate = LEAST(min_monthly_rate, 100),
  max_monthly_rate = LEAST(max_monthly_rate, 100)
 WHERE min_monthly_rate > 100 OR max_monthly_rate > 100;

ALTER TABLE borrowers
  ADD COLUMN mei boolean NOT NULL DEFAULT false,
  ADD CONSTRAINT borrowers_mei_is_simples CHECK (NOT mei OR (person_type = 'PJ' AND simples_nacional));

ALTER TABLE iof_parameters DROP CONSTRAINT iof_parameters_person_type_check;
ALTER TABLE iof_parameters
  ADD CONSTRAINT iof_parameters_person_type_check CHECK (person_type IN ('PF', 'PJ', 'SIMPLES', 'MEI')),
  ADD CONSTRAINT iof_parameters_daily_cap CHECK (daily_percent <= 1.5),
  ADD CONSTRAINT iof_parameters_additional_cap CHECK (additional_percent <= 1.5);

UPDATE iof_parameters SET legal_basis = 'não informada (período cadastrado sem base legal)' WHERE btrim(legal_basis) = '';
UPDATE iof_parameters SET legal_basis = CASE
  WHEN person_type = 'PF' AND valid_from = '2008-01-03' THEN 'Decreto 6.306/2007, art. 7º, I, b, e § 15, na redação do Decreto 6.339/2008'
  WHEN person_type = 'PF' AND valid_from = '2008-12-12' THEN 'Decreto 6.306/2007, art. 7º, I, b, na redação do Decreto 6.691/2008'
  WHEN person_type = 'PF' AND valid_from = '2011-04-08' THEN 'Decreto 6.306/2007, art. 7º, I, b, na redação do Decreto 7.458/2011'
  WHEN person_type = 'PF' AND valid_from = '2011-12-02' THEN 'Decreto 6.306/2007, art. 7º, I, b, na redação do Decreto 7.632/2011'
  WHEN person_type = 'PF' AND valid_from = '2012-05-22' THEN 'Decreto 6.306/2007, art. 7º, I, b, na redação do Decreto 7.726/2012'
  WHEN person_type = 'PF' AND valid_from = '2015-01-21' THEN 'Decreto 6.306/2007, art. 7º, I, b, na redação do Decreto 8.392/2015'
  WHEN person_type = 'PF' AND valid_from = '2021-01-01' THEN 'Decreto 6.306/2007, art. 7º, I, b (Decreto 8.392/2015), ao fim da alíquota zero do Decreto 10.504/2020'
  WHEN person_type = 'PF' AND valid_from = '2021-09-20' THEN 'Decreto 6.306/2007, art. 7º, § 22, na redação do Decreto 10.797/2021'
  WHEN person_type = 'PF' AND valid_from = '2022-01-01' THEN 'Decreto 6.306/2007, art. 7º, I, b (Decreto 8.392/2015), ao fim do acréscimo do Decreto 10.797/2021'
  WHEN person_type = 'PJ' AND valid_from = '2008-01-03' THEN 'Decreto 6.306/2007, art. 7º, I, a, e § 15, na redação do Decreto 6.339/2008'
  WHEN person_type = 'PJ' AND valid_from = '2021-01-01' THEN 'Decreto 6.306/2007, art. 7º, I, a, ao fim da alíquota zero do Decreto 10.504/2020'
  WHEN person_type = 'PJ' AND valid_from = '2021-09-20' THEN 'Decreto 6.306/2007, art. 7º, § 22, na redação do Decreto 10.797/2021'
  WHEN person_type = 'PJ' AND valid_from = '2022-01-01' THEN 'Decreto 6.306/2007, art. 7º, I, a, ao fim do acréscimo do Decreto 10.797/2021'
  WHEN person_type = 'PJ' AND valid_from = '2025-06-01' THEN 'Decreto 6.306/2007, art. 7º, I, a, e § 15, na redação do Decreto 12.466/2025'
  WHEN person_type = 'PJ' AND valid_from = '2025-06-11' THEN 'Decreto 6.306/2007, art. 7º, I, a, e § 15, na redação do Decreto 12.499/2025 (efeitos restabelecidos pelo STF na ADC 96 em 16/07/2025)'
  WHEN person_type = 'SIMPLES' AND valid_from IN ('2008-01-03', '2021-01-01') THEN 'Decreto 6.306/2007, art. 7º, § 13 (operações de até R$ 30.000,00), e § 15, na redação do Decreto 6.339/2008'
  WHEN person_type = 'SIMPLES' AND valid_from = '2025-06-01' THEN 'Decreto 6.306/2007, art. 7º, § 13 (operações de até R$ 30.000,00), e § 15, na redação do Decreto 12.466/2025'
  WHEN person_type = 'SIMPLES' AND valid_from = '2025-06-11' THEN 'Decreto 6.306/2007, art. 7º, § 13 (operações de até R$ 30.000,00), na redação do Decreto 12.499/2025 (efeitos restabelecidos pelo STF na ADC 96 em 16/07/2025)'
  WHEN valid_from = '2020-04-03' AND valid_to = '2020-12-31' THEN 'Decretos 10.305/2020, 10.414/2020 e 10.504/2020 (alíquotas de crédito reduzidas a zero)'
  ELSE legal_basis END
WHERE updated_at = created_at;

INSERT INTO iof_parameters (person_type, daily_percent, additional_percent, valid_from, valid_to, legal_basis) VALUES
  ('MEI', 0.00137, 0.38, '2009-07-01', '2020-04-02', 'Decreto 6.306/2007, art. 7º, § 13 (operações de até R$ 30.000,00): o MEI é optante pelo Simples Nacional (LC 123/2006, art. 18-A, na redação da LC 128/2008)'),
  ('MEI', 0, 0, '2020-04-03', '2020-12-31', 'Decretos 10.305/2020, 10.414/2020 e 10.504/2020 (alíquotas de crédito reduzidas a zero)'),
  ('MEI', 0.00137, 0.38, '2021-01-01', '2025-05-31', 'Decreto 6.306/2007, art. 7º, § 13 (operações de até R$ 30.000,00): o MEI é optante pelo Simples Nacional (LC 123/2006, art. 18-A)'),
  ('MEI', 0.00274, 0.38, '2025-06-01', '2025-06-10', 'Decreto 12.466/2025: ao MEI, a alíquota diária do Simples Nacional e a adicional de 0,38% das pessoas físicas (não a de 0,95%)'),
  ('MEI', 0.00274, 0.38, '2025-06-11', NULL, 'Decreto 6.306/2007, art. 7º, § 13, na redação do Decreto 12.499/2025 (efeitos restabelecidos pelo STF na ADC 96 em 16/07/2025)');

ALTER TABLE iof_parameters ADD CONSTRAINT iof_parameters_legal_basis_given CHECK (btrim(legal_basis) <> '');

-- What the unlocked check-then-insert may have let through: exact copies go (the oldest stays);
-- any other overlap needs a person to decide, so the upgrade stops and names the rows.
DELETE FROM iof_parameters a USING iof_parameters b
 WHERE a.id > b.id AND a.person_type = b.person_type AND a.valid_from = b.valid_from AND a.valid_to IS NOT DISTINCT FROM b.valid_to
   AND a.daily_percent = b.daily_percent AND a.additional_percent = b.additional_percent;
DO $$
DECLARE clash text;
BEGIN
  SELECT string_agg(a.id || ' e ' || b.id, ', ') INTO clash
    FROM iof_parameters a JOIN iof_parameters b
      ON a.id < b.id AND a.person_type = b.person_type
     AND daterange(a.valid_from, a.valid_to, '[]') && daterange(b.valid_from, b.valid_to, '[]');
  IF clash IS NOT NULL THEN
    RAISE EXCEPTION 'Períodos de IOF do mesmo tipo sobrepostos (ids %): corrija-os antes de atualizar.', clash;
  END IF;
END $$;
ALTER TABLE iof_parameters
  ADD CONSTRAINT iof_parameters_no_overlap_pf EXCLUDE USING gist (daterange(valid_from, valid_to, '[]') WITH &&) WHERE (person_type = 'PF'),
  ADD CONSTRAINT iof_parameters_no_overlap_pj EXCLUDE USING gist (daterange(valid_from, valid_to, '[]') WITH &&) WHERE (person_type = 'PJ'),
  ADD CONSTRAINT iof_parameters_no_overlap_simples EXCLUDE USING gist (daterange(valid_from, valid_to, '[]') WITH &&) WHERE (person_type = 'SIMPLES'),
  ADD CONSTRAINT iof_parameters_no_overlap_mei EXCLUDE USING gist (daterange(valid_from, valid_to, '[]') WITH &&) WHERE (person_type = 'MEI');
`;
