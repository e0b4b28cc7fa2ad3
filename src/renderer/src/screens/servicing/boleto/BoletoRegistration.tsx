/**
 * One bank per title, on the screens that show and print an installment's
 * boleto: where its title is registered and since when (the server's
 * `boleto.registration`, derived from the remittances and return files), and
 * the warning beside a slip printed before its bank confirmed the title.
 */
import { Callout, H3, HTMLTable } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { TitleRegistration } from '@shared/contract/servicing-boleto';
import { formatDate } from '@shared/format';
import { useApiQuery } from '../../../api/hooks';

const k = (key: string) => `boleto.registration.${key}`;

/** The installment's titles at the banks, the live one and whether the newest waits for a baixa elsewhere. */
export function BoletoRegistration({ installmentId }: { installmentId: number }) {
  const { t } = useTranslation();
  const query = useApiQuery('boleto.registration', { x: installmentId });
  const view = query.data;
  if (!view || view.titles.length === 0) return null;
  const state = (r: TitleRegistration) => t(k(`states.${r.state}`));
  return (
    <section className="svc-registration" data-testid="boleto-registration" aria-label={t(k('title'))}>
      <H3 className="heading-as-h5">{t(k('title'))}</H3>
      <p data-testid="boleto-registration-current" data-bank={view.current?.bank_code ?? ''} data-state={view.current?.state ?? ''}>
        {view.current
          ? t(k('current'), { bank: view.current.bank_code, ourNumber: view.current.our_number, state: state(view.current), date: formatDate(view.current.since) })
          : t(k('none'))}
      </p>
      {view.waiting && view.latest && view.current && (
        <Callout intent="primary" icon="time" data-testid="boleto-registration-waiting">
          {t(k('waiting'), { bank: view.latest.bank_code, held: view.current.bank_code })}
        </Callout>
      )}
      <HTMLTable compact className="op-facts-table" data-testid="boleto-registration-titles">
        <thead>
          <tr>
            <th>{t(k('columns.bank'))}</th>
            <th>{t(k('columns.ourNumber'))}</th>
            <th>{t(k('columns.state'))}</th>
            <th>{t(k('columns.since'))}</th>
          </tr>
        </thead>
        <tbody>
          {[...view.titles].reverse().map((r) => (
            <tr key={r.boleto_slip_id} data-state={r.state}>
              <td>{r.bank_code}</td>
              <td>{r.our_number}</td>
              <td>{state(r)}</td>
              <td>{formatDate(r.since)}</td>
            </tr>
          ))}
        </tbody>
      </HTMLTable>
    </section>
  );
}

/**
 * Beside a printed slip: "Título ainda não registrado no banco …" while the
 * bank has not confirmed the title of the installment's newest slip (the one
 * just printed). Mounted after the PDF came back, so the slip it asks about
 * is the one recorded for that print.
 */
export function UnregisteredWarning({ installmentId }: { installmentId: number }) {
  const { t } = useTranslation();
  const query = useApiQuery('boleto.registration', { x: installmentId }, { staleTime: 0 });
  const latest = query.data?.latest;
  if (!latest || query.isFetching || latest.state === 'confirmed') return null;
  return (
    <Callout intent="warning" icon="warning-sign" title={t(k('notRegisteredTitle'), { bank: latest.bank_code })} data-testid="boleto-unregistered">
      {t(k('notRegistered'), { ourNumber: latest.our_number, state: t(k(`states.${latest.state}`)), date: formatDate(latest.since) })}
    </Callout>
  );
}
