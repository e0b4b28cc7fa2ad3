/**
 * One handler per contract operation, in groups of namespaces loaded on the
 * first request for one of their operations (platform/http/handler-groups.ts):
 * each group's module in handlers/ holds its typed map, so a missing or
 * misnamed handler is a compile error, and a namespace no group answers stops
 * the server at start.
 */
import { handlerGroup, type Namespace } from './platform/http/handler-groups';

export const handlerGroups = [
  handlerGroup(['session', 'recover', 'profiles'], () => import('./handlers/access')),
  handlerGroup(['users'], () => import('./handlers/users')),
  handlerGroup(['situations', 'howDidFind', 'reasons', 'projects', 'interests'], () => import('./handlers/catalogues')),
  handlerGroup(['uploads', 'messages', 'logs', 'lgpd'], () => import('./handlers/records')),
  handlerGroup(['simulations', 'solicitations', 'documents', 'comments', 'staffDocuments', 'bureau'], () => import('./handlers/intake')),
  handlerGroup(['creditOperation', 'borrowers', 'company', 'approvals'], () => import('./handlers/operations')),
  handlerGroup(
    [
      'home',
      'servicing',
      'ledger',
      'ledgerAccrual',
      'prepayment',
      'boleto',
      'servicingMoves',
      'collections',
      'reminders',
      'negativation',
      'remittance',
      'remittanceManual',
      'cnabReturn',
      'cession',
      'cessionPrice',
      'repurchase',
      'assignmentRemittance',
      'custodianReturn',
      'assigneeStatement',
      'pix',
      'suspense',
      'renegotiation',
      'withdrawal',
    ],
    () => import('./handlers/servicing'),
  ),
  handlerGroup(['doc3040'], () => import('./handlers/doc3040')),
  handlerGroup(['report'], () => import('./handlers/reports')),
  handlerGroup(['doc3044'], () => import('./handlers/doc3044')),
  handlerGroup(['letters'], () => import('./handlers/letters')),
];

type Unanswered = Exclude<Namespace, (typeof handlerGroups)[number]['namespaces'][number]>;
/** Names a contract namespace no group answers, as a compile error (the start checks it again, per operation). */
export const everyNamespaceAnswered: [Unanswered] extends [never] ? true : Unanswered = true;
