import type { Shape } from '../shape';
import type { logs as pt } from '../pt-BR/logs';

export const logs: Shape<typeof pt> = {
  title: 'System logs',
  exportTitle: 'System logs',
  columns: {
    id: 'ID',
    createdAt: 'Date and time',
    actor: 'Who',
    actorEmail: "Actor's e-mail",
    action: 'Action',
    entity: 'Record kind',
    entityId: 'Record',
  },
  filters: {
    actor: 'Who (name, e-mail or ID)',
    action: 'Action (e.g. user.update or user)',
    entity: 'Record kind',
    from: 'From',
    to: 'To',
    apply: 'Filter',
  },
  capped: 'More than {{count}} entries: narrow the filters to browse them all.',
  system: 'System',
  detail: {
    title: 'Activity entry #{{id}}',
    back: 'Back to logs',
    when: 'When',
    who: 'Who',
    action: 'Action',
    record: 'Record',
    field: 'Field',
    before: 'Before',
    after: 'After',
    noChanges: 'This entry keeps no before/after values.',
    absent: '—',
    changedLegend: 'Changed fields are highlighted.',
  },
};
