export const errors = {
  network: 'Não foi possível falar com o servidor. Verifique a conexão e tente novamente; o que você digitou foi mantido.',
  invalidArgs: 'Dados inválidos: {{detail}}',
  unauthorized: 'Sua sessão terminou. Entre novamente.',
  forbidden: 'Você não tem permissão para esta ação.',
  notFound: 'Registro não encontrado.',
  conflict: 'Já existe um registro com estes dados.',
  server: 'O servidor encontrou um erro. Tente novamente em instantes.',
  unknownOperation: 'Operação desconhecida.',
  cancelled: 'Operação cancelada.',
  fileWrite: 'Não foi possível gravar o arquivo: {{detail}}',
} as const;
