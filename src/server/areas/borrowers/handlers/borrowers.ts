/**
 * Borrowers and their credit file (the spec's "Borrowers" calls). The
 * rules live in areas/borrowers/borrowers.ts (the borrower, its bank accounts, other
 * information, parameters, guarantors, classification) and
 * areas/borrowers/borrower-records.ts (the six sub-record kinds, generated here from
 * the contract's BORROWER_RECORD_KINDS, and the guarantee's document).
 */
import { BORROWER_RECORD_KIND_NAMES, borrowerRecordOperationNames, type BorrowerRecordKind, type OperationName } from '@shared/contract/index';
import { isRoleId } from '@shared/roles';
import { requireAuth, type Handler, type HandlerContext, type Handlers } from '../../../platform/http/handler';
import { guaranteeFile, listRecords, removeRecord, saveRecord, uploadGuaranteeFile } from '../borrower-records';
import {
  borrowerOr404,
  classificationOf,
  createBorrower,
  fullBorrower,
  guarantorsOf,
  listBorrowers,
  otherInformationOf,
  parametersOfBorrower,
  pickerBorrowers,
  saveBankAccount,
  saveOtherInformation,
  saveParameters,
  updateBorrower,
  type StaffActor,
} from '../borrowers';
import { liveSimulationsOf } from '../../intake';

/** Who asks, with the role that decides what money they may redirect or discount. */
function staff(ctx: HandlerContext): StaffActor {
  const { user } = requireAuth(ctx);
  if (!isRoleId(user.role_id)) throw new Error(`user ${user.id} has no known role`);
  return { id: user.id, role: user.role_id };
}

type BorrowerOperationName = Extract<OperationName, `borrowers.${string}`>;
type RecordOperationName = ReturnType<typeof borrowerRecordOperationNames>[keyof ReturnType<typeof borrowerRecordOperationNames>];

/** list/save/remove of one sub-record kind, all through the one generic implementation. */
function recordHandlers(kind: BorrowerRecordKind) {
  const names = borrowerRecordOperationNames(kind);
  const list: Handler<typeof names.list> = async ({ id }, { deps }) => listRecords(deps.db, kind, id);
  const save: Handler<typeof names.save> = async (args, ctx) =>
    saveRecord(ctx.deps.db, staff(ctx), kind, args as { borrower_id: number; id?: number } & Record<string, unknown>);
  const remove: Handler<typeof names.remove> = async ({ id }, ctx) => removeRecord(ctx.deps.db, ctx.deps.uploadsDir, requireAuth(ctx).user.id, kind, id);
  return { [names.list]: list, [names.save]: save, [names.remove]: remove };
}

const recordOperations = Object.assign({}, ...BORROWER_RECORD_KIND_NAMES.map(recordHandlers)) as Pick<Handlers, RecordOperationName>;

export const borrowerHandlers: Pick<Handlers, BorrowerOperationName> = {
  ...recordOperations,
  'borrowers.list': async (args, { deps }) => listBorrowers(deps.db, args),
  'borrowers.all': async (_args, { deps }) => pickerBorrowers(deps.db),
  'borrowers.get': async ({ id }, { deps }) => fullBorrower(deps.db, id),
  'borrowers.create': async (args, ctx) => createBorrower(ctx.deps.db, requireAuth(ctx).user.id, args),
  'borrowers.update': async ({ id, ...values }, ctx) => updateBorrower(ctx.deps.db, requireAuth(ctx).user.id, id, values, 'borrower.update'),
  'borrowers.updateBusiness': async ({ id, ...values }, ctx) =>
    updateBorrower(ctx.deps.db, requireAuth(ctx).user.id, id, values, 'borrower.business.update'),
  'borrowers.createBank': async (args, ctx) => saveBankAccount(ctx.deps.db, staff(ctx), args),
  'borrowers.updateBank': async (args, ctx) => saveBankAccount(ctx.deps.db, staff(ctx), args),
  'borrowers.securedguarantee.upload': async ({ file, guarantee_id }, ctx) =>
    uploadGuaranteeFile(ctx.deps.db, ctx.deps.uploadsDir, staff(ctx), guarantee_id, file),
  'borrowers.securedguarantee.file': async ({ id }, { deps }) => guaranteeFile(deps.db, deps.uploadsDir, id),
  'borrowers.guarantors': async ({ id }, { deps }) => guarantorsOf(deps.db, id),
  'borrowers.otherInformation': async ({ id }, { deps }) => otherInformationOf(deps.db, id),
  'borrowers.createOtherInformation': async (args, ctx) => saveOtherInformation(ctx.deps.db, requireAuth(ctx).user.id, args, 'create'),
  'borrowers.updateOtherInformation': async (args, ctx) => saveOtherInformation(ctx.deps.db, requireAuth(ctx).user.id, args, 'upsert'),
  'borrowers.parameters': async ({ id }, { deps }) => parametersOfBorrower(deps.db, id),
  'borrowers.updateParameters': async (args, ctx) => saveParameters(ctx.deps.db, staff(ctx), args),
  'borrowers.simulations': async ({ id }, { deps }) => {
    const borrower = await borrowerOr404(deps.db, id);
    return borrower.user_id === null ? [] : liveSimulationsOf(deps.db, borrower.user_id);
  },
  'borrowers.classification': async ({ id }, { deps }) => classificationOf(deps.db, id, deps.clock.today()),
};
