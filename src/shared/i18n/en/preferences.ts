/** Texts of the preferences dialog (server address, language, downloads, CEP service). */
import type { Shape } from '../shape';
import type { preferences as pt } from '../pt-BR/preferences';

export const preferences: Shape<typeof pt> = {
  open: 'Preferences',
  title: 'Preferences',
  serverUrl: 'Server address',
  serverUrlHelp: 'Leave empty to use the embedded demo server.',
  serverUrlPlaceholder: 'https://backoffice.example.com',
  cepServiceUrl: 'Postal code (CEP) lookup service',
  cepServiceUrlHelp: "Address of a service with ViaCEP's format, used to fill in the address from the CEP.",
  language: 'Language',
  downloadFolder: 'Download folder',
  downloadFolderDefault: "The user's Downloads folder",
  chooseFolder: 'Choose folder…',
  useDefaultFolder: 'Use the default',
  askWhereToSave: 'Always ask where to save',
  save: 'Save',
  cancel: 'Cancel',
  saved: 'Preferences saved.',
  serverChanged: 'Server changed: please sign in again.',
};
