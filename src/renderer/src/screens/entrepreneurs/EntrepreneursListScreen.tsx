/** /app/entrepreneurs: borrower accounts with filters, sort and paging in the URL, opening the person's record, and the Excel export. */
import { BRAZIL_STATES } from '@shared/contract';
import { ListScreen } from '@kit/list/ListScreen';
import { ENTREPRENEUR_COLUMNS } from './columns';

const STATE_OPTIONS = BRAZIL_STATES.map((uf) => ({ value: uf, label: uf, raw: true }));

export function EntrepreneursListScreen() {
  return (
    <ListScreen
      testId="entrepreneurs"
      emptyHint="emptyHints.entrepreneurs"
      operation="users.entrepreneurs"
      columns={ENTREPRENEUR_COLUMNS}
      filters={[
        { kind: 'text', key: 'name', label: 'entrepreneurs.filters.name' },
        { kind: 'text', key: 'email', label: 'entrepreneurs.filters.email' },
        { kind: 'text', key: 'cpf', label: 'entrepreneurs.filters.cpf' },
        { kind: 'select', key: 'state', label: 'entrepreneurs.filters.state', options: STATE_OPTIONS },
        { kind: 'text', key: 'city', label: 'entrepreneurs.filters.city' },
        { kind: 'yesNo', key: 'active', label: 'entrepreneurs.filters.active', wording: 'active' },
      ]}
      rowLink={(u) => `/app/entrepreneurs/${u.id}`}
      export={{ operation: 'users.exportEntrepreneurs', title: 'entrepreneurs.exportTitle', fileName: 'empreendedores' }}
    />
  );
}
