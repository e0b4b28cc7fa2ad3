/** /app/entrepreneurs: borrower accounts with filters, sort and paging in the URL, opening the person's record, and the Excel export. */
import { BRAZIL_STATES } from '@shared/contract';
import { ListScreen } from '@kit/list/ListScreen';

const STATE_OPTIONS = BRAZIL_STATES.map((uf) => ({ value: uf, label: uf, raw: true }));

export function EntrepreneursListScreen() {
  return (
    <ListScreen
      testId="entrepreneurs"
      operation="users.entrepreneurs"
      columns={[
        { id: 'name', title: 'entrepreneurs.columns.name', sort: 'name', width: 220, field: 'name' },
        { id: 'email', title: 'entrepreneurs.columns.email', sort: 'email', width: 240, field: 'email' },
        { id: 'cpf', title: 'entrepreneurs.columns.cpf', width: 140, kind: 'document', field: 'cpf' },
        { id: 'phone', title: 'entrepreneurs.columns.phone', width: 140, kind: 'identifier', field: 'phone' },
        { id: 'state', title: 'entrepreneurs.columns.state', sort: 'state', width: 60, kind: 'identifier', field: 'state' },
        { id: 'city', title: 'entrepreneurs.columns.city', sort: 'city', width: 140, field: 'city' },
        { id: 'active', title: 'entrepreneurs.columns.active', width: 80, kind: 'boolean', field: 'active' },
        { id: 'created', title: 'entrepreneurs.columns.createdAt', sort: 'created_at', width: 120, kind: 'date', field: 'created_at' },
      ]}
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
