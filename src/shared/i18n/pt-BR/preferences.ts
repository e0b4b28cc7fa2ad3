/** Texts of the preferences dialog (issue 3 §5). */
export const preferences = {
  open: 'Preferências',
  title: 'Preferências',
  serverUrl: 'Endereço do servidor',
  serverUrlHelp: 'Deixe em branco para usar o servidor de demonstração embutido.',
  serverUrlPlaceholder: 'https://backoffice.exemplo.com.br',
  language: 'Idioma',
  downloadFolder: 'Pasta de downloads',
  downloadFolderDefault: 'Pasta Downloads do usuário',
  chooseFolder: 'Escolher pasta…',
  useDefaultFolder: 'Usar a padrão',
  askWhereToSave: 'Sempre perguntar onde salvar',
  save: 'Salvar',
  cancel: 'Cancelar',
  saved: 'Preferências salvas.',
  serverChanged: 'Servidor alterado: entre novamente.',
};
