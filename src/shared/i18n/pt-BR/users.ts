export const users = {
  exportTitle: 'Usuários do painel',
  columns: {
    id: 'ID',
    name: 'Nome',
    email: 'E-mail',
    role: 'Perfil',
    active: 'Ativo',
    createdAt: 'Criado em',
  },
} as const;
