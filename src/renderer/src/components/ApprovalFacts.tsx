/**
 * A four-eyes request as every screen shows it (the server's
 * describeApproval, contract/approvals.ts): where it stands, who made the
 * thing decided (and may not approve it), who gave the check — or the two
 * checks above the company's higher limit — or who may still give it, the
 * amount and limit when the kind has one, who closed it and why. What the
 * thing decided is called, and what the screen says about its rule, come from
 * the screen (`texts`, `policy`); the rest of the words are the kit's
 * (common.approval.*).
 *
 * Test ids follow `testId`: `<testId>` (data-status), `-none`, `-status`,
 * `-maker`, `-checker`, `-second-checker`, `-amount`, `-limit`, `-closed-by`,
 * `-reason`, `-next`, `-next-checkers`, `-you-can`, `-policy`.
 */
import { Callout, H2, H3, HTMLTable, Tag } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApprovalRequest } from '@shared/contract';
import { formatCurrency, formatDateTime } from '@shared/format';
import { isRoleId } from '@shared/roles';
import './approvalFacts.css';

export interface ApprovalFactsTexts {
  /** the section's heading */
  title: string;
  /** shown when there is no request */
  none?: string;
  /** the maker's row (e.g. "Quem pediu (não pode aprovar)") */
  maker: string;
  /** the amount's row; absent: the request's amount is not shown (a kind without one) */
  amount?: string;
  /** who may give the next check, with the roles in words */
  nextRoles(roles: string): string;
  /** said to a person who may give the next check now */
  youCan: string;
}

export function ApprovalFacts({
  approval,
  testId,
  texts,
  policy,
  headingLevel = 3,
}: {
  approval: ApprovalRequest | null;
  testId: string;
  texts: ApprovalFactsTexts;
  policy?: ReactNode;
  /** the heading's level in the page's outline (3: inside a section of its own) */
  headingLevel?: 2 | 3;
}) {
  const { t } = useTranslation();
  const Heading = headingLevel === 2 ? H2 : H3;
  const k = (key: string) => t(`common.approval.${key}`);
  const titleId = `${testId}-title`;
  const policyNote = policy ? (
    <p className="bp6-text-muted" data-testid={`${testId}-policy`}>
      {policy}
    </p>
  ) : null;
  if (!approval) {
    return (
      <section className="approval-facts" data-testid={testId} aria-labelledby={titleId}>
        <Heading id={titleId} className="heading-as-h5 approval-facts-title">{texts.title}</Heading>
        {texts.none && <p data-testid={`${testId}-none`}>{texts.none}</p>}
        {policyNote}
      </section>
    );
  }
  const pending = approval.status === 'pending';
  const two = approval.required_checks === 2;
  const when = (name: string | null, at: string | null) => (name ? `${name}${at ? ` · ${formatDateTime(at)}` : ''}` : k('waiting'));
  const row = (label: string, value: ReactNode, id: string) => (
    <tr>
      <th scope="row">{label}</th>
      <td data-testid={`${testId}-${id}`}>{value}</td>
    </tr>
  );
  const labels = approval.next_check_roles.filter(isRoleId).map((r) => t(`access.roles.${r}`));
  const roles = labels.length > 1 ? `${labels.slice(0, -1).join(', ')} ${k('or')} ${labels[labels.length - 1]}` : (labels[0] ?? '');
  return (
    <section className="approval-facts" data-testid={testId} data-status={approval.status} aria-labelledby={titleId}>
      <Heading id={titleId} className="heading-as-h5 approval-facts-title">{texts.title}</Heading>
      <HTMLTable compact className="approval-facts-table">
        <tbody>
          {row(k('state'), <Tag intent={pending ? 'warning' : approval.status === 'approved' ? 'success' : 'danger'} minimal>{k(`status.${approval.status}`)}</Tag>, 'status')}
          {row(texts.maker, when(approval.maker_name, approval.made_at), 'maker')}
          {row(two ? k('checker') : k('singleChecker'), when(approval.checker_name, approval.checked_at), 'checker')}
          {two && row(k('secondChecker'), when(approval.second_checker_name, approval.second_checked_at), 'second-checker')}
          {texts.amount && row(texts.amount, formatCurrency(approval.amount), 'amount')}
          {approval.limit_amount && two && row(k('limit'), formatCurrency(approval.limit_amount), 'limit')}
          {approval.closed_by_name && approval.status !== 'approved' && row(k('closedBy'), when(approval.closed_by_name, approval.closed_at), 'closed-by')}
          {approval.reason && row(k('reason'), approval.reason, 'reason')}
        </tbody>
      </HTMLTable>
      {pending && (
        <Callout intent="warning" icon="people" data-testid={`${testId}-next`}>
          <p>
            <strong>{k('nextCheckers')}:</strong> {texts.nextRoles(roles)}
          </p>
          <p data-testid={`${testId}-next-checkers`}>{approval.next_checkers.length ? approval.next_checkers.join(', ') : k('nobody')}</p>
          {approval.can_check && <p data-testid={`${testId}-you-can`}>{texts.youCan}</p>}
        </Callout>
      )}
      {policyNote}
    </section>
  );
}
