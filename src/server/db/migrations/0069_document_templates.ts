/**
 * The confession of debt and the letters from the company's templates.
 *
 * - contract_templates: besides the contracts (CCB, MPO), the kinds
 *   'confession' (an agreement's confession of debt), 'payoff' (the payoff
 *   quote letter), 'discharge' (the discharge letter) and 'annual' (the annual
 *   debt-discharge declaration, Lei 12.007/2009), one per company, versioned
 *   as the contracts'. Their defaults are the texts the code carried until now
 *   (company_document_templates_seed): every company gets them here, and each
 *   new company when it is inserted (trigger companies_document_templates).
 * - renegotiation_documents: the template (id, version) the frozen text was
 *   filled from; null for the confessions issued from the code's text before.
 * - issued_letters (areas/letters): each payoff, discharge or annual letter
 *   issued, with the template's id and version, its filled title and text and
 *   what the PDF prints beside them (`frozen`: the letterhead, the amounts,
 *   the table), so a letter printed again reads as issued. Append-only.
 */
export const id = '0069_document_templates';

export const sql = /* sql */ `
DO $$
DECLARE
  name text;
BEGIN
  FOR name IN SELECT conname FROM pg_constraint WHERE conrelid = 'contract_templates'::regclass AND contype = 'c' AND pg_get_constraintdef(oid) LIKE '%kind%' LOOP
    EXECUTE format('ALTER TABLE contract_templates DROP CONSTRAINT %I', name);
  END LOOP;
END
$$;
ALTER TABLE contract_templates ADD CONSTRAINT contract_templates_kind_check CHECK (kind IN ('CCB', 'MPO', 'confession', 'payoff', 'discharge', 'annual'));

CREATE FUNCTION company_document_templates_seed(company integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO contract_templates (company_id, kind, title, body)
  VALUES
      (company, 'confession', $t$Confissão de dívida e acordo de renegociação — padrão$t$, $t$INSTRUMENTO PARTICULAR DE CONFISSÃO DE DÍVIDA E ACORDO DE RENEGOCIAÇÃO Nº {{acordo.numero}}

CREDORA: {{credora.nome}}, CNPJ {{credora.cnpj}}.
DEVEDOR(A): {{devedor.nome}}, CPF/CNPJ {{devedor.documento}}.

1. O(A) DEVEDOR(A) reconhece e confessa dever à CREDORA, em {{acordo.data}}, o saldo de {{acordo.saldo}} das parcelas renegociadas ({{acordo.parcelas_renegociadas}}), composto de principal {{acordo.principal_aberto}}, juros {{acordo.juros_abertos}} e multa e juros de mora {{acordo.encargos_abertos}}.

2. A CREDORA concede desconto de {{acordo.desconto}}. O(A) DEVEDOR(A) paga entrada de {{acordo.entrada}}{{acordo.entrada_vencimento}}. O IOF devido é de {{acordo.iof}}.

3. O saldo de {{acordo.valor_parcelado}} será pago em {{acordo.prazo}} parcelas ({{acordo.sistema}}, taxa de {{acordo.taxa}}% ao mês, CET de {{acordo.cet_mensal}}% ao mês e {{acordo.cet_anual}}% ao ano), totalizando {{acordo.total}}:
{{acordo.cronograma}}

4. Sobre parcela paga após o vencimento incidem os encargos do contrato original: multa de {{encargos.multa}}% e juros de mora de {{encargos.mora}}% ao mês, pro rata die.

5. O atraso de qualquer parcela por mais de {{acordo.dias_rompimento}} dias rompe este acordo: vencem antecipadamente as parcelas vincendas, sem os juros remuneratórios dos períodos a decorrer, e o saldo passa a ser exigível com os encargos da cláusula 4.

6. Este instrumento constitui título executivo extrajudicial (CPC, art. 784, III).$t$),
      (company, 'payoff', $t$Carta de quitação antecipada — valor para quitar$t$, $t\${{empresa.cidade}}, {{carta.data}}.

A {{tomador.nome}} (CPF/CNPJ {{tomador.documento}}).

Ref.: operação {{operacao.numero}}, contrato {{contrato.numero}}, liberada em {{operacao.liberacao}}.

Informamos que o valor para a quitação antecipada total da operação acima, para pagamento em {{carta.validade}}, é de {{quitacao.valor}}.

O valor traz a valor presente as parcelas a vencer ({{quitacao.nominal}} pelo valor nominal), à taxa do contrato de {{operacao.taxa}} ao mês, pro rata die, com a redução proporcional dos juros e demais acréscimos (Código de Defesa do Consumidor, art. 52, § 2º; Resolução CMN nº 3.516/2007): desconto de {{quitacao.desconto}}. {{quitacao.vencidas}}

Esta carta é válida até {{carta.validade}}. O valor muda a cada dia (os juros correm até o pagamento): para pagar em outra data, peça nova carta.$t$),
      (company, 'discharge', $t$Termo de quitação$t$, $t\${{empresa.nome}}, inscrita no CNPJ sob o nº {{empresa.cnpj}}, declara, para todos os fins de direito, que {{tomador.nome}}, inscrito(a) no CPF/CNPJ sob o nº {{tomador.documento}}, quitou integralmente as obrigações da operação de crédito {{operacao.numero}} (contrato {{contrato.numero}}), de valor financiado de {{operacao.principal}}, liberada em {{operacao.liberacao}}, {{quitacao.forma}}, totalizando {{quitacao.total_pago}} recebidos, o último pagamento em {{quitacao.data}}.

Nada mais há a reclamar do(a) devedor(a) a título de principal, juros, encargos ou tarifas da referida operação, da qual se dá plena, geral e irrevogável quitação (Código Civil, arts. 319 e 320).

{{empresa.cidade}}, {{carta.data}}.$t$),
      (company, 'annual', $t$Declaração anual de quitação de débitos — {{ano}}$t$, $t\${{empresa.nome}}, inscrita no CNPJ sob o nº {{empresa.cnpj}}, em cumprimento à Lei nº 12.007, de 29 de julho de 2009, declara que {{tomador.nome}}, inscrito(a) no CPF/CNPJ sob o nº {{tomador.documento}}, quitou todos os débitos das operações de crédito abaixo com vencimento de 01/01/{{ano}} a 31/12/{{ano}}, relacionados a seguir, no total de {{total}}.

Esta declaração substitui, para a comprovação do cumprimento das obrigações do consumidor, as quitações dos faturamentos mensais dos débitos do ano a que se refere e dos anos anteriores (Lei nº 12.007/2009, art. 4º).

{{empresa.cidade}}, {{carta.data}}.$t$)
  ON CONFLICT (company_id, kind) DO NOTHING;
END
$$;

CREATE FUNCTION companies_document_templates() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM company_document_templates_seed(NEW.id);
  RETURN NEW;
END
$$;
CREATE TRIGGER companies_document_templates AFTER INSERT ON companies FOR EACH ROW EXECUTE FUNCTION companies_document_templates();

SELECT company_document_templates_seed(id) FROM companies;

ALTER TABLE renegotiation_documents
  ADD COLUMN template_id integer REFERENCES contract_templates(id),
  ADD COLUMN template_version integer,
  ADD CONSTRAINT renegotiation_documents_template CHECK ((template_id IS NULL) = (template_version IS NULL));

CREATE TABLE issued_letters (
  id serial PRIMARY KEY,
  company_id integer NOT NULL REFERENCES companies(id),
  kind text NOT NULL CHECK (kind IN ('payoff', 'discharge', 'annual')),
  credit_operation_id integer REFERENCES credit_operations(id),
  borrower_id integer NOT NULL REFERENCES borrowers(id),
  letter_day date NOT NULL,
  template_id integer NOT NULL REFERENCES contract_templates(id),
  template_version integer NOT NULL,
  title text NOT NULL,
  body text NOT NULL,
  frozen jsonb NOT NULL,
  file_name text NOT NULL,
  issued_by integer NOT NULL REFERENCES users(id),
  issued_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((kind = 'annual') = (credit_operation_id IS NULL))
);
CREATE INDEX issued_letters_operation ON issued_letters (credit_operation_id, id) WHERE credit_operation_id IS NOT NULL;
CREATE INDEX issued_letters_borrower ON issued_letters (borrower_id, id);
CREATE TRIGGER issued_letters_immutable BEFORE UPDATE OR DELETE ON issued_letters FOR EACH ROW EXECUTE FUNCTION servicing_refuse_change();
CREATE TRIGGER issued_letters_no_truncate BEFORE TRUNCATE ON issued_letters FOR EACH STATEMENT EXECUTE FUNCTION append_only_refuse_truncate();
`;
