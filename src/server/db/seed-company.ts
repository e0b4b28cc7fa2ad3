/**
 * The lender of the embedded sandbox: company 1's
 * data, who signs its contracts, two bank accounts, an assignee's account and
 * the CCB and MPO templates. Borrowers and operations are seeded by seed-origination.ts.
 */
import { eq } from 'drizzle-orm';
import { completeCnpj, completeCpf, formatCnpj, formatCpf } from '@shared/documents';
import type { Db } from './connect';
import {
  assignmentBankAccounts,
  companies,
  companyBankAccounts,
  companyParameters,
  companyRepresentatives,
  companyWitnesses,
  contractTemplates,
} from '../areas/company/schema';

const CCB = `CÉDULA DE CRÉDITO BANCÁRIO nº {{contrato.numero}} (Lei 10.931/2004)

Credora: {{empresa.razao_social}}, CNPJ {{empresa.cnpj}}, {{empresa.endereco}}.
Emitente: {{tomador.nome}}, {{tomador.documento}}, {{tomador.endereco}}.
Avalistas e devedores solidários: {{avalistas}}.

O emitente promete pagar à credora, ou à sua ordem, em dinheiro, a dívida certa, líquida e exigível desta cédula, de {{operacao.valor_financiado}} (valor financiado, com IOF de {{operacao.iof}} e tarifas: {{operacao.tarifas}}), acrescida de juros de {{operacao.taxa_mensal}} ao mês ({{operacao.taxa_anual}} ao ano), no total de {{operacao.total_a_pagar}}, em {{operacao.parcelas}} parcelas, a primeira em {{operacao.primeiro_vencimento}} e a última em {{operacao.ultimo_vencimento}}, nas datas e valores abaixo:
{{operacao.cronograma}}

Valor liberado ao emitente: {{operacao.valor_liberado}}. Custo Efetivo Total: {{operacao.cet_mensal}} ao mês, {{operacao.cet_anual}} ao ano.
Praça de pagamento: {{local.pagamento}}.
Em caso de atraso: multa de {{encargos.multa}} sobre o valor em atraso, juros de mora de {{encargos.juros_mora}} ao mês, pro rata die, e {{encargos.juros_remuneratorios}}. {{encargos.contagem_atraso}}

{{local.emissao}}, {{data.emissao}}.
Representantes da credora: {{representantes}}. Testemunhas: {{testemunhas}}.`;

const MPO = `CONTRATO DE MICROCRÉDITO PRODUTIVO ORIENTADO nº {{contrato.numero}} (Lei 13.636/2018)

Credora: {{empresa.razao_social}}, CNPJ {{empresa.cnpj}}, {{empresa.endereco}}.
Tomador: {{tomador.nome}}, {{tomador.documento}}, {{tomador.endereco}}. Avalistas: {{avalistas}}.
Valor financiado: {{operacao.valor_financiado}} (IOF {{operacao.iof}}; tarifas: {{operacao.tarifas}}); valor liberado: {{operacao.valor_liberado}}.
Juros de {{operacao.taxa_mensal}} ao mês ({{operacao.taxa_anual}} ao ano); CET {{operacao.cet_mensal}} ao mês, {{operacao.cet_anual}} ao ano.
Total a pagar: {{operacao.total_a_pagar}}, em {{operacao.parcelas}} parcelas a partir de {{operacao.primeiro_vencimento}}, pagas em {{local.pagamento}}:
{{operacao.cronograma}}

Em caso de atraso: multa de {{encargos.multa}} sobre o valor em atraso, juros de mora de {{encargos.juros_mora}} ao mês, pro rata die, e {{encargos.juros_remuneratorios}}. {{encargos.contagem_atraso}}

{{local.emissao}}, {{data.emissao}}. Representantes: {{representantes}}. Testemunhas: {{testemunhas}}.`;

const cpfFromDigits = (body: string) => formatCpf(completeCpf(body));

export async function seedCompany(db: Db): Promise<void> {
  await db
    .update(companies)
    .set({
      legal_name: 'Crédito Popular Sociedade de Crédito Direto S.A.',
      trade_name: 'Crédito Popular',
      cnpj: formatCnpj(completeCnpj('271856420001')),
      cep: '01310-100',
      address: 'Avenida Paulista',
      address_number: '1000',
      address_complement: '10º andar',
      neighborhood: 'Bela Vista',
      city: 'São Paulo',
      state: 'SP',
      phone: '(11) 3000-4000',
      email: 'contato@creditopopular.demo.local',
    })
    .where(eq(companies.id, 1));
  await db
    .update(companyParameters)
    .set({ min_monthly_rate: '0.9900', max_monthly_rate: '4.9900', min_installments: 3, max_installments: 48, min_value: '500.00', max_value: '150000.00', tac: '150.00' })
    .where(eq(companyParameters.company_id, 1));
  await db.insert(companyRepresentatives).values([
    { company_id: 1, name: 'Helena Duarte Campos', cpf: cpfFromDigits('700100200'), role: 'Diretora-Presidente', email: 'helena.campos@creditopopular.demo.local' },
    { company_id: 1, name: 'Rodrigo Meireles', cpf: cpfFromDigits('700100300'), role: 'Diretor de Crédito', email: 'rodrigo.meireles@creditopopular.demo.local' },
  ]);
  await db.insert(companyWitnesses).values([
    { company_id: 1, name: 'Patrícia Nogueira', cpf: cpfFromDigits('700100400') },
    { company_id: 1, name: 'Tiago Ferreira', cpf: cpfFromDigits('700100500') },
  ]);
  await db.insert(companyBankAccounts).values([
    { company_id: 1, bank_code: '341', bank_name: 'Itaú Unibanco', agency: '0912', account: '45021', account_digit: '7', wallet: '109', agreement: '0912450217', next_our_number: 1, pix_key: completeCnpj('271856420001') },
    { company_id: 1, bank_code: '237', bank_name: 'Bradesco', agency: '3381', agency_digit: '2', account: '0012345', account_digit: '6', wallet: '09', agreement: '4481230', next_our_number: 1 },
  ]);
  await db.insert(assignmentBankAccounts).values({
    company_id: 1,
    assignee_name: 'FIDC Crédito Popular Recebíveis',
    assignee_cnpj: formatCnpj(completeCnpj('318907650001')),
    bank_code: '001',
    bank_name: 'Banco do Brasil',
    agency: '1769',
    account: '88012',
    account_digit: 'X',
  });
  await db.insert(contractTemplates).values([
    { company_id: 1, kind: 'CCB', title: 'Cédula de Crédito Bancário — padrão', body: CCB },
    { company_id: 1, kind: 'MPO', title: 'Microcrédito Produtivo Orientado — padrão', body: MPO },
  ]);
}
