import type { menu as pt } from '../pt-BR/menu';
/**
 * Menu and page titles in English: the spec's Portuguese titles are the pt-BR catalogue's (where the spec's text
 * must appear), and an English screen shows no Portuguese title in its menu, breadcrumb or page header.
 */
export const menu: Record<keyof typeof pt, string> = {
  home: 'Home',
  dashboard: 'Dashboard',
  solicitationsGroup: 'Solicitations',
  solicitationsPending: 'Pending',
  solicitationsAll: 'All solicitations',
  simulations: 'Simulations',
  entrepreneurs: 'Entrepreneurs',
  operationsGroup: 'Operations',
  allOperations: 'All operations',
  clientOperation: 'Clients',
  cession: 'Installment cession',
  suspense: 'Unidentified amounts',
  companyOperation: 'Company',
  messages: 'SMS messages',
  solicitationFormGroup: 'Solicitation form',
  projects: 'Projects',
  howDidFind: 'How they found us',
  situations: 'Situations',
  reasons: 'Reasons',
  settingsGroup: 'Settings',
  users: 'Users',
  logs: 'System logs',
  lgpd: 'LGPD',
  profile: 'My profile',
  boavista: 'Boa Vista lookup',
};
