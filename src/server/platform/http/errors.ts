/** Errors a handler throws to answer with a status and a Portuguese message (body: ServerErrorBody). */
import type { ServerErrorBody } from '@shared/result';
import { UNKNOWN_FILTER_MESSAGE } from '@shared/contract/common';

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
  unauthorized: 'Sessão inválida ou expirada. Entre novamente.',
  forbidden: 'Você não tem permissão para esta ação.',
  notFound: 'Registro não encontrado.',
  routeNotFound: 'Rota não encontrada.',
  foreignHost: 'Endereço de servidor não reconhecido.',
  launchSecret: 'Este servidor atende somente o aplicativo que o iniciou.',
  internal: 'Erro interno do servidor. Tente novamente em instantes.',
  concurrentTransaction: 'Outra operação usava os mesmos registros ao mesmo tempo e esta não foi gravada. Tente novamente.',
  bodyTooLarge: 'A requisição excede o tamanho máximo permitido.',
  invalidJson: 'Corpo da requisição inválido: JSON malformado.',
  bodyNotObject: 'Corpo da requisição inválido: esperado um objeto JSON.',
  passwordChangeRequired: 'Troque sua senha temporária antes de continuar.',
  invalidCredentials: 'E-mail ou senha inválidos',
  inactiveAccount: 'Conta inativa: aguarde a ativação por um administrador',
  tooManyAttempts: 'Muitas tentativas de acesso sem sucesso. Tente novamente em 15 minutos.',
  invalidTwoFactor: 'Código inválido.',
  expiredTwoFactor: 'Código expirado ou já utilizado. Entre novamente para receber um novo código.',
  wrongOldPassword: 'A senha atual está incorreta.',
  noPasswordChangePending: 'Não há troca de senha obrigatória pendente.',
  useForcedPasswordChange: 'Sua senha é temporária: defina a nova senha na troca de senha obrigatória.',
  samePassword: 'a nova senha deve ser diferente da senha atual',
  currentPasswordRequired: 'informe a senha atual para alterar o e-mail ou desativar a verificação em duas etapas',
  tooManyRecoveryAttempts: 'Muitas tentativas com códigos de recuperação. Tente novamente mais tarde.',
  tooManyRegistrations: 'Muitos cadastros em pouco tempo. Tente novamente mais tarde.',
  invalidRecoveryCode: 'Código de recuperação inválido ou expirado.',
  invalidConfirmation: 'Link de confirmação inválido ou expirado.',
  emailInUse: 'Este e-mail já está em uso',
  cannotManageRole: 'Você não pode gerenciar usuários deste perfil.',
  selfRoleChange: 'Você não pode alterar o seu próprio perfil de acesso.',
  selfDeactivation: 'Você não pode desativar a sua própria conta.',
  selfDelete: 'Você não pode remover a sua própria conta.',
  selfPasswordReset: 'Você não pode redefinir a sua própria senha: altere-a em Meu perfil › Alterar senha.',
  unknownSort: (field: string) => `Campo sort: ordenação por "${field}" não é permitida`,
  unknownFilter: (field: string) => `Campo filter.${field}: ${UNKNOWN_FILTER_MESSAGE}`,
  badFilterValue: (field: string) => `Campo filter.${field}: valor inválido`,
  badDate: (field: string) => `Campo filter.${field}: data inválida: use AAAA-MM-DD ou data e hora ISO 8601 com fuso, entre 1900 e 2100`,
  unsafeText: (field: string) => `Campo ${field}: o texto contém caracteres inválidos (caractere nulo ou Unicode incompleto)`,
  reservedKey: (field: string) => `Campo ${field}: nome de campo não permitido`,
  tooDeep: 'Dados inválidos: estrutura aninhada demais.',
  unsupportedMedia: 'Tipo de conteúdo não suportado.',
  invalidRequest: 'Requisição inválida.',
  invalidInput: 'Dados inválidos: um dos valores enviados está fora do formato ou do intervalo aceito.',
  multipartMalformed: 'Campo file: formulário multipart inválido ou incompleto',
  multipartTooManyFields: 'Campo file: o formulário tem campos demais',
  multipartOneFile: 'Campo file: envie um único arquivo por vez',
  multipartExpected: 'Campo file: envie o arquivo como formulário multipart/form-data',
  uploadType: 'Campo file: tipo de arquivo não permitido para este envio',
  uploadTooLarge: 'Campo file: o arquivo excede o tamanho máximo de 10 MB',
  uploadMissing: 'Campo file: envie um arquivo',
} as const;
