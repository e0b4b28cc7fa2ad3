/**
 * /app/solicitations/view/:id and /view-pending/:id: one solicitation. The
 * header (applicant, status, requested value) and the decisions (status,
 * project, Receita Federal, delete); the questionnaire as steps (PF:
 * financial, personal, bank, personal documents; PJ adds company data and
 * company documents; a foreign applicant's documents are the foreign list);
 * the document slots with the in-app viewer; history, comments and staff
 * documents beside them. Served from the offline cache with the stale banner.
 */
import { Button, Callout, Card, HTMLTable, Spinner, Tab, Tabs, Tag } from '@blueprintjs/core';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import type { InterestListName } from '@shared/contract/interests';
import type { Solicitation } from '@shared/contract/solicitations';
import { formatCpfCnpj } from '@shared/documents';
import { formatCurrency, formatDate, formatDateTime, formatInteger, formatPercentage } from '@shared/format';
import { AllAdmins, AllOperators, hasProfilePermission } from '@shared/roles';
import { errorText } from '../../api/errors';
import { useApiMutation, useApiQuery } from '../../api/hooks';
import { useSession } from '../../app/session';
import { useToast } from '../../app/toaster';
import { ConfirmDialog } from '@kit/ConfirmDialog';
import { StaleBanner } from '@kit/StaleBanner';
import { ProjectDialog, ReceitaDialog, StatusDialog } from './ActionDialogs';
import { BOAVISTA_ROUTES } from '../../app/routes';
import { FINAL_STATUSES } from '@shared/solicitation-status';
import { DocumentSlots } from './DocumentSlots';
import { DocumentViewer, type ViewedDocument } from './DocumentViewer';
import { joinParts, optionLabel, pendingCount, slotsOfStep, statusIntent, stepsOf, type StepKey } from './model';
import { CommentsPanel, HistoryPanel, StaffDocumentsPanel } from './SidePanels';
import './solicitations.css';

type Dialogs = 'status' | 'project' | 'receita' | 'delete' | null;

/** The saved answers' labels: every option of a list, inactive ones too (list-perfil). */
function useOptionLabels(list: InterestListName) {
  const query = useApiQuery('interests.listProfiles', { x: list }, { staleTime: 5 * 60_000 });
  return (id: number | null) => optionLabel(query.data, id);
}

/** Label/value pairs in a dense two-pair-per-row table; empty values say "não informado". */
function Fields({ rows, testId }: { rows: ReadonlyArray<[string, ReactNode]>; testId: string }) {
  const { t } = useTranslation();
  const empty = <span className="bp6-text-muted sol-empty-value">{t('solicitations.fields.notInformed')}</span>;
  return (
    <dl className="sol-fields" data-testid={testId}>
      {rows.map(([label, value]) => (
        <div key={label} className="sol-field">
          <dt>{label}</dt>
          <dd>{value === null || value === undefined || value === '' ? empty : value}</dd>
        </div>
      ))}
    </dl>
  );
}

function StepPanel({ step, s, onView }: { step: StepKey; s: Solicitation; onView(doc: ViewedDocument): void }) {
  const { t } = useTranslation();
  const f = (key: string) => t(`solicitations.fields.${key}`);
  const genre = useOptionLabels('genre');
  const relations = useOptionLabels('relations');
  const nationality = useOptionLabels('nationality');
  const typeDocument = useOptionLabels('typeDocument');
  const companyType = useOptionLabels('companyType');
  const branch = useOptionLabels('branchOfActivity');
  const profileAccount = useOptionLabels('profileAccountBank');
  const typeAccount = useOptionLabels('typeAccount');

  switch (step) {
    case 'financial':
      return (
        <Fields
          testId="step-financial-fields"
          rows={[
            [f('lendingValue'), <span className="sol-money">{formatCurrency(s.lendingValue)}</span>],
            [f('lendingPlotsToPay'), formatInteger(s.lendingPlotsToPay)],
            [f('financingValue'), s.financingValue === null ? null : <span className="sol-money">{formatCurrency(s.financingValue)}</span>],
            [f('lendingReason'), s.lendingReasonLabel],
            [f('howDidFind'), s.howDidFindLabel],
            [f('project'), s.projectTitle],
          ]}
        />
      );
    case 'personal':
      return (
        <Fields
          testId="step-personal-fields"
          rows={[
            [f('name'), s.name],
            [s.isForeign ? f('numDocumentForeign') : f('cpf'), s.isForeign ? s.numDocumentForeign : s.cpf ? formatCpfCnpj(s.cpf) : null],
            ...(s.isForeign ? ([[f('typeDocument'), typeDocument(s.typeDocument)]] as Array<[string, ReactNode]>) : []),
            [f('email'), s.email],
            [f('phone'), s.phone],
            [f('birthday'), s.birthday ? formatDate(s.birthday) : null],
            [f('genre'), genre(s.genre)],
            [f('relations'), relations(s.relations)],
            [f('nationality'), nationality(s.nationality)],
            [f('profession'), s.profession],
            [f('cep'), s.cep],
            [f('address'), joinParts([s.address, s.addressNumber, s.addressComplement])],
            [f('neighborhood'), s.neighborhood],
            [f('city'), joinParts([s.city, s.state], ' / ')],
            [f('instagram'), s.instagram],
            [f('facebook'), s.facebook],
            [f('site'), s.site],
          ]}
        />
      );
    case 'company':
      return (
        <>
          <Fields
            testId="step-company-fields"
            rows={[
              [f('cnpj'), s.cnpj ? formatCpfCnpj(s.cnpj) : null],
              [f('legalName'), s.legalName],
              [f('companyName'), s.companyName],
              [f('companyType'), companyType(s.companyType)],
              [f('branchOfActivity'), branch(s.branchOfActivity)],
              [f('cep'), s.companyCep],
              [f('companyAddress'), joinParts([s.companyAddress, s.companyAddressNumber, s.companyAddressComplement])],
              [f('neighborhood'), s.companyAddressNeighborhood],
              [f('city'), joinParts([s.companyCity, s.companyState], ' / ')],
            ]}
          />
          <h3 className="sol-subtitle">{f('partners')}</h3>
          {s.partners.length === 0 ? (
            <p className="bp6-text-muted">{f('notInformed')}</p>
          ) : (
            <HTMLTable compact striped className="sol-partners" data-testid="partners">
              <thead>
                <tr>
                  <th>{f('partnerName')}</th>
                  <th>{f('partnerCpf')}</th>
                  <th className="sol-num">{f('partnerShare')}</th>
                </tr>
              </thead>
              <tbody>
                {s.partners.map((p, i) => (
                  <tr key={`${p.cpf}-${i}`}>
                    <td>{p.name}</td>
                    <td>{p.cpf ? formatCpfCnpj(p.cpf) : ''}</td>
                    <td className="sol-num">{formatPercentage(p.share)}</td>
                  </tr>
                ))}
              </tbody>
            </HTMLTable>
          )}
        </>
      );
    case 'bank':
      return (
        <Fields
          testId="step-bank-fields"
          rows={[
            [f('profileAccountBank'), profileAccount(s.profileAccountBank)],
            [f('nameCreditCard'), s.nameCreditCard],
            [f('cpfCnpj'), s.cpfCnpj ? formatCpfCnpj(s.cpfCnpj) : null],
            [f('bankName'), s.bankName],
            [f('bankAgency'), s.bankAgency],
            [f('bankAccount'), s.bankNumber ? joinParts([s.bankNumber, s.bankDigit], '-') : null],
            [f('typeAccount'), typeAccount(s.typeAccount)],
            [f('keyPix'), s.keyPix],
          ]}
        />
      );
    default:
      return (
        <DocumentSlots
          solicitationId={s.id}
          slots={slotsOfStep(step, s.slots, s.typeCredit, s.isForeign)}
          onView={onView}
          closed={FINAL_STATUSES.includes(s.status)}
        />
      );
  }
}

export function SolicitationViewScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const toast = useToast();
  const { pathname } = useLocation();
  const { user } = useSession();
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const fromPending = pathname.includes('/view-pending/');
  const backTo = fromPending ? '/app/solicitations/pending' : '/app/solicitations';
  const query = useApiQuery('solicitations.get', { id }, { enabled: valid });
  const remove = useApiMutation('solicitations.delete', { invalidates: ['solicitations.list', 'solicitations.reviewDocuments'] });
  // An approved solicitation becomes a borrower (registered from its data); a second time the server answers 409 saying so.
  const registerBorrower = useApiMutation('borrowers.create', {
    invalidates: ['borrowers.list', 'borrowers.all'],
    onSuccess: (b) => {
      toast.success(t('borrowers.fromSolicitation.created'));
      navigate(`/app/clientOperation/view/${b.id}`);
    },
    onError: (e) => toast.failure(errorText(e, t)),
  });
  const [dialog, setDialog] = useState<Dialogs>(null);
  const [viewing, setViewing] = useState<ViewedDocument | null>(null);
  const [step, setStep] = useState<StepKey>('financial');
  // The applicant may already be a borrower (registered from this solicitation or on their own): then the button opens them.
  const s0 = query.data;
  const applicantDocument = s0 ? ((s0.typeCredit === 'PJ' ? s0.cnpj : s0.cpf) ?? '').replace(/[^0-9A-Za-z]/g, '') : '';
  const existing = useApiQuery(
    'borrowers.list',
    { page: 1, limit: 5, filter: { name: applicantDocument } },
    { enabled: !!s0 && s0.status === 'approved' && applicantDocument.length >= 11 },
  );
  const borrower = s0
    ? existing.data?.items.find((b) => b.solicitation_id === s0.id || b.document.replace(/[^0-9A-Za-z]/g, '').toUpperCase() === applicantDocument.toUpperCase())
    : undefined;

  if (!valid) return <Callout intent="danger" data-testid="solicitation-error">{t('solicitations.view.notFound')}</Callout>;
  if (query.error && !query.data) return <Callout intent="danger" data-testid="solicitation-error">{errorText(query.error, t)}</Callout>;
  if (!query.data) return <Spinner />;
  const s = query.data;
  const steps = stepsOf(s.typeCredit, s.isForeign);
  const current = steps.includes(step) ? step : steps[0];
  const canSeeProjects = hasProfilePermission(user?.role_id, AllOperators);
  const title = s.typeCredit === 'PJ' && s.companyName ? s.companyName : s.name;
  const document = s.typeCredit === 'PJ' ? s.cnpj : s.isForeign ? s.numDocumentForeign : s.cpf;
  const offline = query.stale;
  // The documents the viewer walks: every slot holding one, in the order of the steps.
  const queue: ViewedDocument[] = steps.flatMap((key) =>
    slotsOfStep(key, s.slots, s.typeCredit, s.isForeign).flatMap((slot) =>
      slot.current
        ? [{ fileName: slot.current.fileName, name: slot.current.name, title: t(`solicitations.slots.${slot.key}`), id: slot.current.id, approved: slot.current.approved }]
        : [],
    ),
  );

  return (
    <div className="screen sol-view" data-testid="solicitation-view" data-status={s.status}>
      {offline && <StaleBanner at={query.cachedAt} testId="solicitation-stale" />}
      <div className="toolbar sol-toolbar">
        <Button icon="arrow-left" data-testid="solicitation-back" onClick={() => navigate(backTo)}>
          {t('solicitations.view.back')}
        </Button>
        <div className="app-header-spacer" />
        <Button icon="search-text" disabled={offline} data-testid="solicitation-receita" className="sol-tool" aria-label={t('solicitations.actions.receita')} title={t('solicitations.actions.receita')} onClick={() => setDialog('receita')}>
          {t('solicitations.actions.receita')}
        </Button>
        {hasProfilePermission(user?.role_id, BOAVISTA_ROUTES.roles ?? []) && (
          <Button icon="shield" data-testid="solicitation-bureau" className="sol-tool" aria-label={t('solicitations.actions.bureau')} title={t('solicitations.actions.bureau')} onClick={() => navigate(`/boavista/boa-vista/${s.id}`)}>
            {t('solicitations.actions.bureau')}
          </Button>
        )}
        {canSeeProjects && (
          <Button icon="projects" disabled={offline} data-testid="solicitation-project" className="sol-tool" aria-label={t('solicitations.actions.changeProject')} title={t('solicitations.actions.changeProject')} onClick={() => setDialog('project')}>
            {t('solicitations.actions.changeProject')}
          </Button>
        )}
        {s.status === 'approved' &&
          (borrower ? (
            <Button icon="person" data-testid="solicitation-open-borrower" className="sol-tool" aria-label={t('borrowers.fromSolicitation.open')} title={t('borrowers.fromSolicitation.open')} onClick={() => navigate(`/app/clientOperation/view/${borrower.id}`)}>
              {t('borrowers.fromSolicitation.open')}
            </Button>
          ) : (
            <Button
              icon="new-person"
              disabled={offline || existing.isFetching}
              loading={registerBorrower.isPending}
              data-testid="solicitation-register-borrower" className="sol-tool" aria-label={t('borrowers.fromSolicitation.action')} title={t('borrowers.fromSolicitation.action')}
              onClick={() => registerBorrower.mutate({ solicitation_id: s.id })}
            >
              {t('borrowers.fromSolicitation.action')}
            </Button>
          ))}
        <Button intent="primary" icon="exchange" disabled={offline || s.nextStatuses.length === 0} data-testid="solicitation-change-status" onClick={() => setDialog('status')}>
          {t('solicitations.actions.changeStatus')}
        </Button>
        {hasProfilePermission(user?.role_id, AllAdmins) && s.status !== 'contracted' && (
          <Button intent="danger" variant="minimal" icon="trash" disabled={offline} data-testid="solicitation-delete" className="sol-tool" aria-label={t('solicitations.actions.delete')} title={t('solicitations.actions.delete')} onClick={() => setDialog('delete')}>
            {t('solicitations.actions.delete')}
          </Button>
        )}
      </div>

      <Card compact className="sol-header" data-testid="solicitation-header">
        <div className="sol-header-main">
          <div className="sol-header-who">
            <h2 className="sol-header-name" data-testid="solicitation-name">
              {title}
            </h2>
            <div className="sol-header-tags">
              <Tag intent={statusIntent(s.status)} size="large" data-testid="solicitation-status" data-status={s.status}>
                {t(`solicitations.status.${s.status}`)}
              </Tag>
              <Tag minimal>{t(`solicitations.typeCredit.${s.typeCredit}`)}</Tag>
              {s.isForeign && <Tag minimal intent="warning">{t('solicitations.view.foreign')}</Tag>}
              <Tag minimal intent={s.complete ? 'success' : 'warning'} icon={s.complete ? 'tick' : 'warning-sign'} data-testid="solicitation-complete">
                {s.complete ? t('solicitations.view.complete') : t('solicitations.view.incomplete')}
              </Tag>
            </div>
            <div className="bp6-text-muted sol-header-meta">
              {joinParts(
                [
                  t('solicitations.view.title', { id: s.id }),
                  t('solicitations.view.receivedAt', { at: formatDateTime(s.created_at) }),
                  s.typeCredit === 'PJ' ? s.name : null,
                  document ? (s.isForeign && s.typeCredit === 'PF' ? document : formatCpfCnpj(document)) : null,
                  s.email,
                  s.phone,
                  joinParts([s.city, s.state], ' / '),
                  `${t('solicitations.view.project')}: ${s.projectTitle ?? t('solicitations.view.noProject')}`,
                ],
                ' · ',
              )}
            </div>
          </div>
          <div className="sol-header-value">
            <div className="bp6-text-muted bp6-text-small">{t('solicitations.view.requested')}</div>
            <div className="sol-header-amount" data-testid="solicitation-value">
              {formatCurrency(s.lendingValue)}
            </div>
            <div className="bp6-text-muted bp6-text-small">{t('solicitations.view.plots', { count: s.lendingPlotsToPay })}</div>
          </div>
        </div>
      </Card>

      <div className="sol-body">
        <Card compact className="sol-steps">
          <Tabs id="solicitation-steps" selectedTabId={current} onChange={(next) => setStep(next as StepKey)} renderActiveTabPanelOnly>
            {steps.map((key, index) => {
              const docs = key === 'personalDocuments' || key === 'foreignDocuments' || key === 'companyDocuments';
              const pending = docs ? pendingCount(slotsOfStep(key, s.slots, s.typeCredit, s.isForeign)) : 0;
              return (
                <Tab
                  key={key}
                  id={key}
                  data-testid={`step-${key}`}
                  title={
                    <span className="sol-step-title">
                      <span className="sol-step-number">{index + 1}</span>
                      {t(`solicitations.steps.${key}`)}
                    </span>
                  }
                  tagContent={pending > 0 ? pending : undefined}
                  tagProps={{ intent: 'warning', round: true }}
                  panel={<StepPanel step={key} s={s} onView={setViewing} />}
                />
              );
            })}
          </Tabs>
        </Card>
        <div className="sol-side">
          <HistoryPanel entries={s.statusHistory} />
          <CommentsPanel solicitationId={s.id} />
          <StaffDocumentsPanel solicitationId={s.id} onView={setViewing} />
        </div>
      </div>

      {dialog === 'status' && <StatusDialog solicitation={s} onClose={() => setDialog(null)} />}
      {dialog === 'project' && <ProjectDialog solicitation={s} onClose={() => setDialog(null)} />}
      {dialog === 'receita' && <ReceitaDialog solicitationId={s.id} onClose={() => setDialog(null)} />}
      {dialog === 'delete' && (
        <ConfirmDialog
          isOpen
          title={t('solicitations.delete.action')}
          intent="danger"
          confirmText={t('common.delete')}
          onClose={() => setDialog(null)}
          onConfirm={async () => {
            try {
              await remove.mutateAsync({ id: s.id });
              toast.success(t('solicitations.delete.done'));
              navigate(backTo);
            } catch (e) {
              toast.failure(errorText(e, t));
              setDialog(null);
            }
          }}
        >
          {t('solicitations.delete.confirm', { id: s.id, name: s.name })}
        </ConfirmDialog>
      )}
      {viewing && (
        <DocumentViewer doc={viewing} queue={queue} onNavigate={setViewing} canApprove={!offline && !FINAL_STATUSES.includes(s.status)} onClose={() => setViewing(null)} />
      )}
    </div>
  );
}
