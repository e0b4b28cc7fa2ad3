/**
 * The letters issued for an operation (payoff, discharge) or to a borrower (theirs, annual declarations included; the
 * back office's view): each with the day it speaks of,
 * the version of the company's template it was filled from, who issued it and when, and a button that prints it
 * again from the text kept at issue (a later template changes nothing), saved by the main process.
 */
import { Button, Callout, H3, HTMLTable, Tag } from '@blueprintjs/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate, formatDateTime } from '@shared/format';
import { errorText } from '../../api/errors';
import { useApiQuery } from '../../api/hooks';
import type { LetterCall } from './useLetterDownload';

/** Whose letters: an operation's, or a borrower's (the contract takes one or the other). */
export type IssuedLettersOf = { credit_operation_id: number } | { borrower_id: number };

export function IssuedLetters({ of, saved, busy, save }: { of: IssuedLettersOf; saved: string | null; busy: LetterCall | null; save: (name: 'letters.reprint', args: { id: number }) => Promise<void> }) {
  const { t } = useTranslation();
  const query = useApiQuery('letters.issued', of);
  const { refetch } = query;
  // A letter just issued (or printed again) joins the list.
  useEffect(() => {
    if (saved) void refetch();
  }, [saved, refetch]);
  const letters = query.data ?? [];
  return (
    <section className="letters-issued" data-testid="letters-issued" aria-labelledby="letters-issued-title">
      <H3 id="letters-issued-title" className="heading-as-h5">
        {t('docTemplates.issued.title')}
      </H3>
      {query.error && <Callout intent="danger">{errorText(query.error, t)}</Callout>}
      {!query.isLoading && letters.length === 0 && (
        <p className="bp6-text-muted" data-testid="letters-issued-empty">
          {t('docTemplates.issued.empty')}
        </p>
      )}
      {letters.length > 0 && (
        <HTMLTable compact className="letters-issued-table">
          <thead>
            <tr>
              <th>{t('docTemplates.issued.kind')}</th>
              <th>{t('docTemplates.issued.day')}</th>
              <th>{t('docTemplates.issued.version')}</th>
              <th>{t('docTemplates.issued.by')}</th>
              <th>{t('docTemplates.issued.at')}</th>
              <th>
                <span className="bp6-text-muted">{t('docTemplates.issued.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {letters.map((l) => (
              <tr key={l.id} data-testid={`letters-issued-row-${l.id}`}>
                <td>{t(`docTemplates.kinds.${l.kind}`)}</td>
                <td>{formatDate(l.letter_day)}</td>
                <td>
                  <Tag minimal data-testid={`letters-issued-version-${l.id}`}>
                    {t('company.templates.version', { version: l.template_version })}
                  </Tag>
                </td>
                <td>{l.issued_by_name ?? '—'}</td>
                <td>{formatDateTime(l.issued_at)}</td>
                <td>
                  <Button size="small" icon="print" data-testid={`letters-reprint-${l.id}`} loading={busy === 'letters.reprint'} onClick={() => void save('letters.reprint', { id: l.id })}>
                    {t('docTemplates.issued.reprint')}
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      )}
    </section>
  );
}
