/**
 * Notes the record a page shows as recently opened, for the palette. The
 * pages are declared here by route and the contract call that loads them; the
 * watcher asks for the same call and arguments as the screen, so the answer
 * comes from the screen's own query (no second request).
 */
import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import type { ArgsOf, ExposedOperationName, ResultOf } from '@shared/contract';
import { formatCpfCnpj } from '@shared/documents';
import { useApiQuery } from '../api/hooks';
import { forgetRecentRecords, rememberRecord, type RecentKind, type RecentRecord } from './recent';
import { matchPattern } from './routes';
import { useSession } from './session';

interface RecordPage<N extends ExposedOperationName> {
  kind: RecentKind;
  patterns: readonly string[];
  operation: N;
  describe(data: ResultOf<N>): Omit<RecentRecord, 'kind' | 'id' | 'path'>;
}

const digits = (text: string | null | undefined) => (text ?? '').replace(/[^0-9A-Za-z]/g, '');

const OPERATION: RecordPage<'creditOperation.get'> = {
  kind: 'operation',
  patterns: ['/app/clientOperation/analize/:id', '/app/clientOperation/loan-proposal/:id'],
  operation: 'creditOperation.get',
  describe: (op) => ({ title: op.number, detail: op.borrower_name, keys: [String(op.id), op.borrower_name, op.borrower_document, digits(op.borrower_document)] }),
};

const BORROWER: RecordPage<'borrowers.get'> = {
  kind: 'borrower',
  patterns: ['/app/clientOperation/view/:id'],
  operation: 'borrowers.get',
  describe: (b) => ({ title: b.name, detail: formatCpfCnpj(b.document), keys: [b.trade_name ?? '', b.document, digits(b.document), formatCpfCnpj(b.document)] }),
};

const SOLICITATION: RecordPage<'solicitations.get'> = {
  kind: 'solicitation',
  patterns: ['/app/solicitations/view/:id', '/app/solicitations/view-pending/:id'],
  operation: 'solicitations.get',
  describe: (s) => {
    const doc = s.typeCredit === 'PJ' ? s.cnpj : s.cpf;
    return {
      title: `Nº ${s.id} · ${s.typeCredit === 'PJ' && s.companyName ? s.companyName : s.name}`,
      detail: doc ? formatCpfCnpj(doc) : undefined,
      keys: [String(s.id), s.name, s.companyName ?? '', doc ?? '', digits(doc)],
    };
  },
};

/** Where the canonical page of each kind is (the palette opens it there). */
const CANONICAL: Record<RecentKind, (id: number) => string> = {
  operation: (id) => `/app/clientOperation/analize/${id}`,
  borrower: (id) => `/app/clientOperation/view/${id}`,
  solicitation: (id) => `/app/solicitations/view/${id}`,
};

function idOn(pathname: string, page: RecordPage<ExposedOperationName>): number | null {
  const pattern = page.patterns.find((p) => matchPattern(p, pathname));
  if (!pattern) return null;
  const id = Number(pathname.split('/').filter(Boolean)[pattern.split('/').filter(Boolean).indexOf(':id')]);
  return Number.isInteger(id) && id > 0 ? id : null;
}

function Watch<N extends ExposedOperationName>({ page, pathname }: { page: RecordPage<N>; pathname: string }) {
  const id = idOn(pathname, page as unknown as RecordPage<ExposedOperationName>);
  // Same call and arguments as the screen's, so its cached answer is shared.
  const query = useApiQuery(page.operation, { id: id ?? 0 } as ArgsOf<N>, { enabled: id !== null });
  const data = id !== null ? query.data : undefined;
  useEffect(() => {
    if (id === null || !data) return;
    rememberRecord({ kind: page.kind, id, path: CANONICAL[page.kind](id), ...page.describe(data as ResultOf<N>) });
  }, [id, data, page]);
  return null;
}

export function RecentRecordsWatcher() {
  const { pathname } = useLocation();
  const { user } = useSession();
  const userId = user?.id ?? null;
  // Another person (or nobody) signed in: the list was the previous session's.
  useEffect(() => () => forgetRecentRecords(), [userId]);
  return (
    <>
      {[OPERATION, BORROWER, SOLICITATION].map((page) =>
        page.patterns.some((p) => matchPattern(p, pathname)) ? <Watch key={page.kind} page={page as never} pathname={pathname} /> : null,
      )}
    </>
  );
}
