/**
 * Demo data of the credit intake (solicitations, entrepreneurs, simulations), for the embedded sandbox only:
 * several hundred solicitations over the last two years in every status, PF
 * and PJ, a few foreign applicants, each with its status history, documents
 * in their slots (generated PNGs and PDFs, some replaced, approved ones where
 * the status says so), staff comments and documents; the entrepreneurs'
 * client info taken from their latest solicitation; simulations, some leading
 * to a solicitation.
 *
 * Deterministic (a seeded generator) except for the dates, which count back
 * from `now` so the dashboard always shows this year and the last one.
 */
import Decimal from 'decimal.js';
import { and, asc, eq, inArray, notInArray } from 'drizzle-orm';
import { completeCnpj, completeCpf, formatCnpj, formatCpf } from '@shared/documents';
import type { SolicitationStatus } from '@shared/solicitation-status';
import type { Db } from './connect';
import { demoPdf, demoPng, type Rgb } from './demo-files';
import { howDidFind, lendingReasons, projects } from '../areas/catalogues/schema';
import {
  entrepreneurBankAccounts,
  entrepreneurBusinesses,
  entrepreneurProfiles,
  simulations,
  solicitationComments,
  solicitations,
  solicitationSlotDocuments,
  solicitationStaffDocuments,
  solicitationStatusHistory,
} from '../areas/intake/schema';
import { interestProfiles } from '../areas/catalogues/schema-interests';
import { uploads } from '../areas/uploads/schema';
import { users } from '../areas/access/schema';
import { generateFileKey, storeFile } from '../platform/storage';
import { seededRandom, type SeededRandom } from '../domain/seeded-random';

const DAY = 86_400_000;

type Random = SeededRandom;

/** Document slots (the spec's list) each kind of applicant sends, and whether the demo file is a photo. */
const PERSONAL_SLOTS = [5, 6, 7, 8, 9, 12] as const;
const FOREIGN_SLOTS = [14, 15, 6, 7, 8, 9, 12] as const;
const COMPANY_SLOTS = [1, 3, 4, 10, 11] as const;
const PHOTO_SLOTS = new Set([3, 4, 6, 7, 12, 14]);
const SLOT_FILE_NAMES: Record<number, string> = {
  1: 'contrato-social',
  3: 'fachada',
  4: 'interior',
  5: 'cpf',
  6: 'documento-frente',
  7: 'documento-verso',
  8: 'comprovante-residencia',
  9: 'extrato-bancario',
  10: 'extrato-empresa-3-meses',
  11: 'comprovante-endereco-empresa',
  12: 'selfie-com-documento',
  14: 'foto-negocio-protocolo-refugio',
  15: 'rnm-ou-protocolo',
};
const SLOT_COLOURS: Rgb[] = [
  [214, 228, 240],
  [236, 222, 204],
  [220, 236, 214],
  [240, 216, 222],
  [226, 220, 240],
];

/** Status by age: recent solicitations are mostly still open, old ones decided. */
const RECENT: ReadonlyArray<readonly [SolicitationStatus, number]> = [
  ['pending', 45],
  ['in_review', 30],
  ['documents_requested', 15],
  ['approved', 5],
  ['refused', 5],
];
const MONTH_OLD: ReadonlyArray<readonly [SolicitationStatus, number]> = [
  ['pending', 8],
  ['in_review', 17],
  ['documents_requested', 15],
  ['approved', 25],
  ['refused', 20],
  ['cancelled', 10],
  ['contracted', 5],
];
const OLD: ReadonlyArray<readonly [SolicitationStatus, number]> = [
  ['approved', 12],
  ['contracted', 40],
  ['refused', 32],
  ['cancelled', 16],
];

/** A path through the workflow (src/shared/solicitation-status.ts) that ends in `status`. */
function pathTo(status: SolicitationStatus, random: Random): SolicitationStatus[] {
  switch (status) {
    case 'pending':
      return [];
    case 'in_review':
      return random.chance(0.2) ? ['in_review', 'documents_requested', 'in_review'] : ['in_review'];
    case 'documents_requested':
      return random.chance(0.3) ? ['documents_requested'] : ['in_review', 'documents_requested'];
    case 'approved':
      return random.chance(0.3) ? ['in_review', 'documents_requested', 'in_review', 'approved'] : ['in_review', 'approved'];
    case 'refused':
      return random.pick([['refused'], ['in_review', 'refused'], ['in_review', 'documents_requested', 'refused']] as SolicitationStatus[][]);
    case 'cancelled':
      return random.pick([['cancelled'], ['in_review', 'cancelled'], ['in_review', 'approved', 'cancelled']] as SolicitationStatus[][]);
    case 'contracted':
      return ['in_review', 'approved', 'contracted'];
  }
}

const REASONS: Partial<Record<SolicitationStatus, readonly string[]>> = {
  documents_requested: [
    'Envie o extrato bancário dos últimos três meses, legível e completo.',
    'O comprovante de residência enviado tem mais de 90 dias; envie um recente.',
    'A foto do documento está cortada; envie frente e verso completos.',
  ],
  refused: [
    'Comprometimento de renda acima do limite da política de crédito.',
    'Restrições cadastrais em aberto no birô de crédito.',
    'Atividade econômica fora do público atendido pelo programa.',
  ],
  cancelled: [
    'Cancelada a pedido do solicitante.',
    'Sem retorno do solicitante após 30 dias.',
    'Solicitação duplicada.',
  ],
};

const COMMENTS = [
  'Cliente atendido por telefone; confirmou os dados do negócio.',
  'Documentação conferida, aguardando extrato atualizado.',
  'Faturamento informado compatível com os extratos.',
  'Visita ao estabelecimento agendada para a próxima semana.',
  'Sócio confirmou a participação societária por e-mail.',
  'Consulta ao birô sem restrições relevantes.',
  'Pedido de valor acima da média do setor; analisar com cuidado.',
];

const PROFESSIONS = ['Comerciante', 'Costureira', 'Cabeleireiro(a)', 'Confeiteira', 'Eletricista', 'Motorista de aplicativo', 'Artesã', 'Mecânico'];
const STREETS = ['Rua das Flores', 'Avenida Brasil', 'Rua São João', 'Rua XV de Novembro', 'Avenida Paulista', 'Rua da Praia', 'Travessa do Comércio'];
const NEIGHBOURHOODS = ['Centro', 'Jardim América', 'Vila Nova', 'Boa Vista', 'Santa Cruz', 'Liberdade'];
const BANKS = [
  ['001', 'Banco do Brasil'],
  ['104', 'Caixa Econômica Federal'],
  ['237', 'Bradesco'],
  ['341', 'Itaú Unibanco'],
  ['260', 'Nu Pagamentos'],
  ['077', 'Banco Inter'],
] as const;
const BUSINESS_WORDS = ['Doces', 'Confecções', 'Reparos', 'Salão', 'Marmitas', 'Artesanato', 'Mercearia', 'Oficina'];

function ascii(text: string): string {
  return text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();
}

/** Money as a two-place decimal string, from whole reais. */
function reais(value: number): string {
  return new Decimal(value).toFixed(2);
}

/** The Price (French) installment of a simulation, half-up to the cent. */
export function priceInstallment(principal: string, monthlyRatePercent: string, plots: number): string {
  const p = new Decimal(principal);
  const i = new Decimal(monthlyRatePercent).div(100);
  if (i.isZero()) return p.div(plots).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2);
  const factor = i.plus(1).pow(-plots);
  return p.mul(i).div(new Decimal(1).minus(factor)).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2);
}

interface Person {
  id: number;
  name: string;
  email: string;
  cpf: string | null;
  phone: string | null;
  state: string | null;
  city: string | null;
}

export interface IntakeSeedSummary {
  staffIds: number[];
  solicitations: number;
  documents: number;
  comments: number;
  simulations: number;
}

/**
 * `staffAuthorsExcept`: staff e-mails that author no comments or documents
 * (the demo sign-in accounts, so what tests and people see of "their own"
 * records is only what they did themselves). `story`, when given, is awaited
 * before each applicant's records.
 */
export async function seedCreditIntake(
  db: Db,
  options: { uploadsDir: string; now: Date; staffAuthorsExcept: readonly string[]; story?: () => Promise<void> },
): Promise<IntakeSeedSummary> {
  const random = seededRandom(20261124);
  const now = options.now.getTime();

  const people: Person[] = await db
    .select({ id: users.id, name: users.name, email: users.email, cpf: users.cpf, phone: users.phone, state: users.state, city: users.city })
    .from(users)
    .where(eq(users.role_id, 2))
    .orderBy(asc(users.id));
  const staff = (
    await db
      .select({ id: users.id })
      .from(users)
      .where(and(inArray(users.role_id, [1, 3, 4, 5]), notInArray(users.email, [...options.staffAuthorsExcept])))
      .orderBy(asc(users.id))
  ).map((r) => r.id);
  const options_ = await db.select({ id: interestProfiles.id, list: interestProfiles.list_name, titulo: interestProfiles.titulo }).from(interestProfiles);
  const option = (list: string, titulo?: string): number => {
    const items = options_.filter((o) => o.list === list && (titulo === undefined || o.titulo === titulo));
    if (items.length === 0) throw new Error(`demo seed: no option ${list}/${titulo ?? '*'}`);
    return random.pick(items).id;
  };
  const findIds = (await db.select({ id: howDidFind.id }).from(howDidFind).where(eq(howDidFind.active, true))).map((r) => r.id);
  const reasonIds = (await db.select({ id: lendingReasons.id }).from(lendingReasons).where(eq(lendingReasons.active, true))).map((r) => r.id);
  const projectIds = (await db.select({ id: projects.id }).from(projects).where(eq(projects.active, true))).map((r) => r.id);

  const summary: IntakeSeedSummary = { staffIds: staff, solicitations: 0, documents: 0, comments: 0, simulations: 0 };
  let cnpjCounter = 0;

  for (const [index, person] of people.entries()) {
    // Each applicant's records are one story (seed-stories.ts: the background seed commits here).
    await options.story?.();
    const count = 1 + (random.chance(0.55) ? 1 : 0) + (random.chance(0.2) ? 1 : 0);
    // A quarter from the last six weeks, so the pending and review lists have work in them.
    const ages = Array.from({ length: count }, () => (random.chance(0.25) ? random.int(0, 45) : random.int(0, 690))).sort((a, b) => b - a);
    const isForeign = random.chance(0.05);
    const state = person.state ?? 'SP';
    const city = person.city ?? 'São Paulo';
    const cep = `${String(random.int(1000, 99999)).padStart(5, '0')}-${String(random.int(0, 999)).padStart(3, '0')}`;
    const street = random.pick(STREETS);
    const addressNumber = String(random.int(1, 2500));
    const neighbourhood = random.pick(NEIGHBOURHOODS);
    const birthday = `${random.int(1958, 2003)}-${String(random.int(1, 12)).padStart(2, '0')}-${String(random.int(1, 28)).padStart(2, '0')}`;
    const cpf = person.cpf ?? formatCpf(completeCpf(String(300_000_000 + index * 7919).slice(0, 9)));
    const bank = random.pick(BANKS);
    const bankAgency = String(random.int(100, 9999)).padStart(4, '0');
    const bankNumber = String(random.int(10000, 999999));
    const bankDigit = String(random.int(0, 9));
    const profession = random.pick(PROFESSIONS);
    const business = `${random.pick(BUSINESS_WORDS)} ${person.name.split(' ')[0]}`;
    const isCompany = random.chance(0.35);
    // From July 2026 new CNPJs may be alphanumeric (NT 49/2024); a few demo companies have one.
    const cnpjBody = random.chance(0.1)
      ? `${String(random.int(10, 99))}${'ABCDEFGHJK'[random.int(0, 9)]}${'LMNPQRSTUV'[random.int(0, 9)]}${String(random.int(1000, 9999))}0001`
      : `${String(40_000_000 + cnpjCounter++ * 7_919).padStart(8, '0')}0001`;
    const cnpj = formatCnpj(completeCnpj(cnpjBody));
    const companyType = option('companyType');
    const branch = option('branchOfActivity');

    const createdIds: Array<{ id: number; created: number }> = [];
    for (const ageDays of ages) {
      const created = now - ageDays * DAY - random.int(0, 10 * 3600) * 1000;
      const status = random.weighted(ageDays < 20 ? RECENT : ageDays < 60 ? MONTH_OLD : OLD);
      const steps = pathTo(status, random);
      // Each step a few days after the previous one, squeezed to fit before now.
      const delays = steps.map(() => random.int(1, 6) * DAY + random.int(0, 8 * 3600) * 1000);
      const span = delays.reduce((sum, d) => sum + d, 0);
      const room = Math.max(now - created - 60_000, 0);
      const scale = span > room ? room / span : 1;
      let at = created;
      const history = steps.map((to, i) => {
        at += Math.floor(delays[i] * scale);
        const reasons = REASONS[to];
        return { to, at, reason: reasons ? random.pick(reasons) : null };
      });
      const lendingValue = reais(isCompany ? random.int(6, 300) * 500 : random.int(2, 80) * 500);
      const typeCredit = isCompany ? 'PJ' : 'PF';
      const [row] = await db
        .insert(solicitations)
        .values({
          user_id: person.id,
          status,
          status_changed_at: new Date(history.length ? history[history.length - 1].at : created),
          type_credit: typeCredit,
          is_foreign: isForeign,
          project_id: projectIds.length && random.chance(0.5) ? random.pick(projectIds) : null,
          name: person.name,
          cpf,
          type_document: option('typeDocument', isForeign ? random.pick(['RNE/RNM', 'Protocolo de refúgio']) : 'CPF'),
          num_document_foreign: isForeign ? `V${random.int(100000, 999999)}-${'ABCDEFGHJK'[random.int(0, 9)]}` : null,
          birthday,
          genre: option('genre'),
          relations: option('relations'),
          nationality: option('nationality', isForeign ? 'Estrangeira' : 'Brasileira'),
          profession,
          email: person.email,
          phone: person.phone,
          cep,
          address: street,
          address_number: addressNumber,
          address_complement: random.chance(0.3) ? `Apto ${random.int(11, 304)}` : null,
          neighborhood: neighbourhood,
          city,
          state,
          instagram: random.chance(0.4) ? `@${ascii(business).replace(/\s+/g, '')}` : null,
          facebook: null,
          site: null,
          cnpj: isCompany ? cnpj : null,
          legal_name: isCompany ? `${business} ${random.pick(['LTDA', 'ME', 'EIRELI'])}` : null,
          company_name: isCompany ? business : null,
          company_type: isCompany ? companyType : null,
          branch_of_activity: branch,
          company_cep: isCompany ? cep : null,
          company_address: isCompany ? street : null,
          company_address_number: isCompany ? addressNumber : null,
          company_address_complement: null,
          company_address_neighborhood: isCompany ? neighbourhood : null,
          company_city: isCompany ? city : null,
          company_state: isCompany ? state : null,
          partners: isCompany && random.chance(0.5) ? [{ name: person.name, cpf, share: '60.00' }, { name: `Sócio de ${person.name.split(' ')[0]}`, cpf: formatCpf(completeCpf(String(500_000_000 + index * 31).slice(0, 9))), share: '40.00' }] : [],
          profile_account_bank: option('profileAccountBank'),
          cpf_cnpj: isCompany ? cnpj : cpf,
          name_credit_card: isCompany ? `${business} LTDA` : person.name,
          bank_name: `${bank[0]} - ${bank[1]}`,
          bank_agency: bankAgency,
          bank_number: bankNumber,
          bank_digit: bankDigit,
          type_account: option('typeAccount'),
          key_pix: random.chance(0.6) ? person.email : null,
          financing_value: reais(Number(lendingValue) * random.int(10, 30) / 10),
          lending_value: lendingValue,
          lending_plots_to_pay: random.pick([6, 10, 12, 18, 24, 36]),
          lending_reason: reasonIds.length ? random.pick(reasonIds) : null,
          how_did_find: findIds.length ? random.pick(findIds) : null,
          created_at: new Date(created),
          updated_at: new Date(history.length ? history[history.length - 1].at : created),
        })
        .returning({ id: solicitations.id });
      summary.solicitations++;
      createdIds.push({ id: row.id, created });

      let previous: SolicitationStatus = 'pending';
      if (history.length) {
        await db.insert(solicitationStatusHistory).values(
          history.map((h) => {
            const entry = { solicitation_id: row.id, from_status: previous, to_status: h.to, reason: h.reason, actor_id: random.pick(staff), created_at: new Date(h.at) };
            previous = h.to;
            return entry;
          }),
        );
      }

      // Documents: a fresh solicitation may still miss some; decided ones have them all.
      const slots = [...(isForeign ? FOREIGN_SLOTS : PERSONAL_SLOTS), ...(isCompany ? COMPANY_SLOTS : [])];
      const allApproved = status === 'approved' || status === 'contracted';
      const files: Array<{ upload: typeof uploads.$inferInsert; document: Omit<typeof solicitationSlotDocuments.$inferInsert, 'upload_id'> }> = [];
      for (const slot of slots) {
        if (status === 'pending' && random.chance(0.3)) continue;
        const versions = random.chance(0.08) ? 2 : 1;
        for (let v = 0; v < versions; v++) {
          const uploadedAt = created + (v + 1) * 3_600_000;
          const photo = PHOTO_SLOTS.has(slot);
          const bytes = photo
            ? demoPng(SLOT_COLOURS[(slot + v) % SLOT_COLOURS.length])
            : demoPdf(`Documento de demonstração: ${SLOT_FILE_NAMES[slot]}`, [
                `Solicitação nº ${row.id}`,
                `Solicitante: ${person.name}`,
                `CPF: ${cpf}`,
                isCompany ? `CNPJ: ${cnpj}` : 'Pessoa física',
                `Versão ${v + 1}`,
                'Arquivo gerado para o ambiente de demonstração.',
              ]);
          const current = v === versions - 1;
          const approved = current && (allApproved || (status !== 'pending' && random.chance(0.4)));
          files.push({
            upload: {
              key: generateFileKey(),
              owner_id: person.id,
              type: 'document',
              name: `${SLOT_FILE_NAMES[slot]}${v ? '-nova' : ''}.${photo ? 'png' : 'pdf'}`,
              mime: photo ? 'image/png' : 'application/pdf',
              size: bytes.length,
              storage_path: await storeFile(options.uploadsDir, bytes),
              created_at: new Date(uploadedAt),
            },
            document: {
              solicitation_id: row.id,
              slot,
              uploaded_by: person.id,
              approved_by: approved ? random.pick(staff) : null,
              approved_at: approved ? new Date(Math.min(uploadedAt + 2 * DAY, now)) : null,
              superseded_at: current ? null : new Date(uploadedAt + 3_600_000),
              created_at: new Date(uploadedAt),
            },
          });
        }
      }
      if (files.length) {
        // One statement each for the files and their slots; RETURNING keeps the VALUES order.
        const stored = await db.insert(uploads).values(files.map((f) => f.upload)).returning({ id: uploads.id });
        await db.insert(solicitationSlotDocuments).values(files.map((f, i) => ({ ...f.document, upload_id: stored[i].id })));
        summary.documents += files.length;
      }

      if (status !== 'pending') {
        const comments = random.int(0, 3);
        for (let c = 0; c < comments; c++) {
          await db.insert(solicitationComments).values({
            solicitation_id: row.id,
            author_id: random.pick(staff),
            comment: random.pick(COMMENTS),
            created_at: new Date(Math.min(created + (c + 1) * DAY, now)),
          });
          summary.comments++;
        }
        if (random.chance(0.1)) {
          const bytes = demoPdf('Parecer de crédito', [`Solicitação nº ${row.id}`, `Solicitante: ${person.name}`, 'Parecer favorável à continuidade da análise.']);
          const author = random.pick(staff);
          const [upload] = await db
            .insert(uploads)
            // The file belongs to the applicant like every solicitation file (who attached it is the row's author).
            .values({ key: generateFileKey(), owner_id: person.id, type: 'document', name: 'parecer.pdf', mime: 'application/pdf', size: bytes.length, storage_path: await storeFile(options.uploadsDir, bytes) })
            .returning({ id: uploads.id });
          await db.insert(solicitationStaffDocuments).values({
            solicitation_id: row.id,
            upload_id: upload.id,
            author_id: author,
            title: 'Parecer de crédito',
            description: 'Parecer do analista sobre a capacidade de pagamento.',
            created_at: new Date(Math.min(created + DAY, now)),
          });
        }
      }
    }

    // Client info from the latest solicitation (what the applicant's app would have kept).
    await db.insert(entrepreneurProfiles).values({
      user_id: person.id,
      birthday,
      genre: option('genre'),
      relations: option('relations'),
      nationality: option('nationality', isForeign ? 'Estrangeira' : 'Brasileira'),
      type_document: option('typeDocument', isForeign ? 'RNE/RNM' : 'CPF'),
      num_document_foreign: isForeign ? `V${random.int(100000, 999999)}-K` : null,
      profession,
      cep,
      address: street,
      address_number: addressNumber,
      neighborhood: neighbourhood,
    });
    await db.insert(entrepreneurBankAccounts).values({
      user_id: person.id,
      profile_account_bank: option('profileAccountBank'),
      cpf_cnpj: isCompany ? cnpj : cpf,
      holder_name: person.name,
      bank_name: `${bank[0]} - ${bank[1]}`,
      bank_agency: bankAgency,
      bank_number: bankNumber,
      bank_digit: bankDigit,
      type_account: option('typeAccount'),
      key_pix: person.email,
    });
    if (isCompany) {
      await db.insert(entrepreneurBusinesses).values({
        user_id: person.id,
        cnpj,
        legal_name: `${business} LTDA`,
        company_name: business,
        company_type: companyType,
        branch_of_activity: branch,
        cep,
        address: street,
        address_number: addressNumber,
        neighborhood: neighbourhood,
        city,
        state,
      });
    }
    if (!person.cpf || !person.state) {
      await db.update(users).set({ cpf: person.cpf ?? cpf, state, city }).where(eq(users.id, person.id));
    }

    // Simulations: what the person tried before applying; some led to a solicitation.
    const simulationCount = random.int(1, 4);
    for (let s = 0; s < simulationCount; s++) {
      const target = random.pick(createdIds);
      const created = target.created - random.int(1, 20) * DAY;
      const value = reais(random.int(2, 100) * 500);
      const rate = new Decimal(random.int(30, 90)).mul('0.05').toFixed(2);
      const plots = random.pick([6, 10, 12, 18, 24, 36]);
      await db.insert(simulations).values({
        user_id: person.id,
        solicitation_id: random.chance(0.6) ? target.id : null,
        value,
        plots,
        monthly_rate: rate,
        installment: priceInstallment(value, rate, plots),
        created_at: new Date(created),
      });
      summary.simulations++;
    }
  }
  return summary;
}
