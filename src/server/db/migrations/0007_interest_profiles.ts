/**
 * Option lists of the solicitation questionnaire (the spec's Profile entity: titulo,
 * ativo, texto; served by `GET /interests/list-perfil|list-options/{x}`).
 * `list_name` is one of INTEREST_LISTS (src/shared/contract/interests.ts).
 *
 * The options are inserted here, not in the demo seed: they are reference
 * data every install needs (a questionnaire without its choices cannot be
 * answered), so a production database gets them too.
 */
export const id = '0007_interest_profiles';

export const sql = /* sql */ `
CREATE TABLE interest_profiles (
  id serial PRIMARY KEY,
  list_name text NOT NULL,
  titulo text NOT NULL,
  texto text NOT NULL DEFAULT '',
  ativo boolean NOT NULL DEFAULT true,
  sort_order integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
-- Both calls read one list in its order.
CREATE INDEX interest_profiles_list_idx ON interest_profiles (list_name, sort_order, id);

INSERT INTO interest_profiles (list_name, sort_order, titulo, texto) VALUES
  ('relations', 1, 'Solteiro(a)', ''),
  ('relations', 2, 'Casado(a)', ''),
  ('relations', 3, 'União estável', 'Convivência pública, contínua e duradoura, com ou sem contrato registrado.'),
  ('relations', 4, 'Separado(a)', 'Separação de fato ou judicial, sem divórcio concluído.'),
  ('relations', 5, 'Divorciado(a)', ''),
  ('relations', 6, 'Viúvo(a)', ''),

  ('genre', 1, 'Feminino', ''),
  ('genre', 2, 'Masculino', ''),
  ('genre', 3, 'Outro', ''),
  ('genre', 4, 'Prefiro não informar', ''),

  ('nationality', 1, 'Brasileira', 'Nascido(a) no Brasil ou naturalizado(a) brasileiro(a).'),
  ('nationality', 2, 'Estrangeira', 'Pessoa de outra nacionalidade residente no Brasil; informe o documento de estrangeiro.'),

  ('typeDocument', 1, 'CPF', 'Cadastro de Pessoas Físicas da Receita Federal.'),
  ('typeDocument', 2, 'RNE/RNM', 'Registro Nacional de Estrangeiro ou Registro Nacional Migratório.'),
  ('typeDocument', 3, 'Passaporte', ''),
  ('typeDocument', 4, 'Protocolo de refúgio', 'Protocolo de solicitação de refúgio emitido pela Polícia Federal.'),

  ('companyType', 1, 'MEI', 'Microempreendedor Individual, com o limite de faturamento anual do regime.'),
  ('companyType', 2, 'ME', 'Microempresa, pelo faturamento anual da Lei Complementar 123/2006.'),
  ('companyType', 3, 'EPP', 'Empresa de Pequeno Porte, pelo faturamento anual da Lei Complementar 123/2006.'),
  ('companyType', 4, 'LTDA', 'Sociedade Limitada.'),
  ('companyType', 5, 'SA', 'Sociedade Anônima.'),
  ('companyType', 6, 'Outros', ''),

  ('branchOfActivity', 1, 'Comércio', 'Venda de mercadorias no varejo ou no atacado.'),
  ('branchOfActivity', 2, 'Serviços', 'Prestação de serviços a pessoas ou empresas.'),
  ('branchOfActivity', 3, 'Indústria', 'Fabricação ou transformação de produtos.'),
  ('branchOfActivity', 4, 'Alimentação', 'Restaurantes, lanchonetes, produção e venda de alimentos.'),
  ('branchOfActivity', 5, 'Beleza e estética', 'Salões, barbearias, cosméticos e estética.'),
  ('branchOfActivity', 6, 'Moda e vestuário', 'Confecção e venda de roupas, calçados e acessórios.'),
  ('branchOfActivity', 7, 'Artesanato', ''),
  ('branchOfActivity', 8, 'Agropecuária', 'Agricultura, pecuária e atividades rurais.'),
  ('branchOfActivity', 9, 'Construção civil', 'Obras, reformas e manutenção.'),
  ('branchOfActivity', 10, 'Tecnologia', 'Software, informática e serviços digitais.'),
  ('branchOfActivity', 11, 'Transporte e logística', 'Fretes, entregas e transporte de pessoas.'),
  ('branchOfActivity', 12, 'Outros', ''),

  ('profileAccountBank', 1, 'Pessoa física', 'Conta em nome do(a) empreendedor(a), vinculada ao CPF.'),
  ('profileAccountBank', 2, 'Pessoa jurídica', 'Conta em nome da empresa, vinculada ao CNPJ.'),

  ('typeAccount', 1, 'Conta corrente', ''),
  ('typeAccount', 2, 'Conta poupança', ''),
  ('typeAccount', 3, 'Conta de pagamento', 'Conta digital de instituição de pagamento.');
`;
