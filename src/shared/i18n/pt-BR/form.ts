/**
 * Texts of the form kit: validation messages (one map for every form, from the
 * zod issue's code and limits, never zod's English text), the unsaved-changes
 * prompt and the kit's buttons.
 */
export const form = {
  /** A message about a field, naming it by its label. */
  labelled: '{{label}}: {{text}}',
  issues: {
    required: 'preencha este campo.',
    tooShort: 'use ao menos {{min}} caracteres.',
    tooLong: 'use no máximo {{max}} caracteres.',
    numberMin: 'o valor mínimo é {{min}}.',
    numberMax: 'o valor máximo é {{max}}.',
    numberAbove: 'deve ser maior que {{min}}.',
    numberBelow: 'deve ser menor que {{max}}.',
    tooFew: 'escolha ao menos {{min}}.',
    tooMany: 'escolha no máximo {{max}}.',
    notNumber: 'informe um número.',
    notInteger: 'informe um número inteiro.',
    format: 'formato inválido.',
    invalid: 'valor inválido.',
  },
  /** Rules the contract names by `params.rule` on its refinements. */
  rules: {
    email: 'informe um e-mail válido.',
    passwordLettersDigits: 'a senha deve ter letras e números.',
    role: 'perfil inválido.',
    url: 'informe um endereço http(s) válido.',
    percentage: 'informe um número de 0 a 100, com até 2 casas decimais (ex.: 12,5).',
    money: 'informe um valor em reais (ex.: 1.234,56).',
    date: 'informe uma data válida.',
    passwordsDiffer: 'as senhas não conferem.',
    cpf: 'CPF inválido: confira os dígitos.',
    cnpj: 'CNPJ inválido: confira os caracteres.',
    cpfCnpj: 'informe um CPF ou CNPJ válido.',
    cep: 'informe os 8 dígitos do CEP (ex.: 01001-000).',
    state: 'informe a sigla de uma UF (ex.: SP).',
  },
  unsaved: {
    title: 'Alterações não salvas',
    text: 'Há alterações não salvas neste formulário. Sair mesmo assim e descartá-las?',
    leave: 'Sair sem salvar',
    stay: 'Continuar editando',
  },
  readOnly: 'Somente leitura: seu perfil não pode alterar este registro.',
  yes: 'Sim',
  no: 'Não',
  choose: 'Selecione…',
  next: 'Próximo',
  previous: 'Anterior',
  step: 'Etapa {{current}} de {{total}}',
  removePicture: 'Remover imagem',
  noPicture: 'Nenhuma imagem.',
};
