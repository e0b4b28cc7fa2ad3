/** Errors a handler throws to answer with a status and a Portuguese message (body: ServerErrorBody). */
import type { ServerErrorBody } from '@shared/result';
import { UNKNOWN_FILTER_MESSAGE } from '@shared/contract/common';
import { access } from '@shared/i18n/pt-BR/access';

/** The fixed answers live in the pt-BR catalogue, so the app can show them in English too. */
const SERVER_TEXTS = access.server;

export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly field?: string,
    readonly code?: string,
  ) {
    super(message);
  }

  body(): ServerErrorBody {
    const out: ServerErrorBody = { message: this.message };
    if (this.field) out.field = this.field;
    if (this.code) out.code = this.code;
    return out;
  }
}

export const badRequest = (message: string, field?: string) => new HttpError(400, message, field, 'validation');
export const unauthorized = (message: string = MESSAGES.unauthorized) => new HttpError(401, message, undefined, 'unauthorized');
export const forbidden = (message: string = MESSAGES.forbidden, code = 'forbidden') => new HttpError(403, message, undefined, code);
export const notFound = (message: string = MESSAGES.notFound) => new HttpError(404, message, undefined, 'not-found');
export const conflict = (message: string, field?: string) => new HttpError(409, message, field, 'conflict');

/** Every message the server answers with, in one place (the app shows them as they come). */
export const MESSAGES = {
  unauthorized: SERVER_TEXTS.unauthorized,
  forbidden: SERVER_TEXTS.forbidden,
  notFound: SERVER_TEXTS.notFound,
  routeNotFound: SERVER_TEXTS.routeNotFound,
  foreignHost: 'Endereço de servidor não reconhecido.',
  launchSecret: 'Este servidor atende somente o aplicativo que o iniciou.',
  internal: SERVER_TEXTS.internal,
  concurrentTransaction: SERVER_TEXTS.concurrentTransaction,
  bodyTooLarge: SERVER_TEXTS.bodyTooLarge,
  invalidJson: 'Corpo da requisição inválido: JSON malformado.',
  bodyNotObject: 'Corpo da requisição inválido: esperado um objeto JSON.',
  passwordChangeRequired: SERVER_TEXTS.passwordChangeRequired,
  invalidCredentials: SERVER_TEXTS.invalidCredentials,
  inactiveAccount: SERVER_TEXTS.inactiveAccount,
  tooManyAttempts: SERVER_TEXTS.tooManyAttempts,
  invalidTwoFactor: SERVER_TEXTS.invalidTwoFactor,
  expiredTwoFactor: SERVER_TEXTS.expiredTwoFactor,
  wrongOldPassword: SERVER_TEXTS.wrongOldPassword,
  noPasswordChangePending: SERVER_TEXTS.noPasswordChangePending,
  useForcedPasswordChange: SERVER_TEXTS.useForcedPasswordChange,
  samePassword: SERVER_TEXTS.samePassword,
  currentPasswordRequired: SERVER_TEXTS.currentPasswordRequired,
  tooManyRecoveryAttempts: SERVER_TEXTS.tooManyRecoveryAttempts,
  tooManyRegistrations: SERVER_TEXTS.tooManyRegistrations,
  invalidRecoveryCode: SERVER_TEXTS.invalidRecoveryCode,
  invalidConfirmation: SERVER_TEXTS.invalidConfirmation,
  emailInUse: SERVER_TEXTS.emailInUse,
  cannotManageRole: SERVER_TEXTS.cannotManageRole,
  selfRoleChange: SERVER_TEXTS.selfRoleChange,
  selfDeactivation: SERVER_TEXTS.selfDeactivation,
  selfDelete: SERVER_TEXTS.selfDelete,
  selfPasswordReset: SERVER_TEXTS.selfPasswordReset,
  unknownSort: (field: string) => `Campo sort: ordenação por "${field}" não é permitida`,
  unknownFilter: (field: string) => `Campo filter.${field}: ${UNKNOWN_FILTER_MESSAGE}`,
  badFilterValue: (field: string) => `Campo filter.${field}: valor inválido`,
  badDate: (field: string) => `Campo filter.${field}: data inválida: use AAAA-MM-DD ou data e hora ISO 8601 com fuso, entre 1900 e 2100`,
  unsafeText: (field: string) => `Campo ${field}: o texto contém caracteres inválidos (caractere nulo ou Unicode incompleto)`,
  reservedKey: (field: string) => `Campo ${field}: nome de campo não permitido`,
  tooDeep: 'Dados inválidos: estrutura aninhada demais.',
  unsupportedMedia: SERVER_TEXTS.unsupportedMedia,
  invalidRequest: SERVER_TEXTS.invalidRequest,
  invalidInput: SERVER_TEXTS.invalidInput,
  multipartMalformed: SERVER_TEXTS.multipartMalformed,
  multipartTooManyFields: SERVER_TEXTS.multipartTooManyFields,
  multipartOneFile: SERVER_TEXTS.multipartOneFile,
  multipartExpected: SERVER_TEXTS.multipartExpected,
  uploadType: SERVER_TEXTS.uploadType,
  uploadTooLarge: SERVER_TEXTS.uploadTooLarge,
  uploadMissing: SERVER_TEXTS.uploadMissing,
} as const;
