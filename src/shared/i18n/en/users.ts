export const users = {
  exportTitle: 'Panel users',
  columns: {
    id: 'ID',
    name: 'Name',
    email: 'E-mail',
    role: 'Role',
    active: 'Active',
    createdAt: 'Created at',
  },
};
