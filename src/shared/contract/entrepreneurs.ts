/**
 * An entrepreneur's client info (the spec's entities: personalData, bankData list,
 * businessData), read by `users.entrepreneur` and written by
 * `users.updateEntrepreneur`. Field names follow the spec's Solicitation
 * fields, so the questionnaire's option lists (INTEREST_LISTS) name the
 * choice fields they feed. Documents are checked by their check digits
 * (src/shared/documents.ts): an invalid CPF or CNPJ is a 400 naming the field.
 */
import { z } from 'zod';
import { cepDigits } from '../address';
import { isValidCnpj, isValidCpf } from '../documents';
import { idSchema, isCalendarDay, optionalText, trimmedTextSchema } from './common';

/** The 27 federative units (UF). */
export const BRAZIL_STATES = [
  'AC', 'AL', 'AM', 'AP', 'BA', 'CE', 'DF', 'ES', 'GO', 'MA', 'MG', 'MS', 'MT', 'PA', 'PB', 'PE', 'PI', 'PR', 'RJ', 'RN', 'RO', 'RR',
  'RS', 'SC', 'SE', 'SP', 'TO',
] as const;

// ---------- what the server answers ----------

const text = z.string().nullable();
const option = z.number().int().nullable();

export const personalDataSchema = z.object({
  /** YYYY-MM-DD */
  birthday: text,
  genre: option,
  relations: option,
  nationality: option,
  typeDocument: option,
  numDocumentForeign: text,
  profession: text,
  cep: text,
  address: text,
  addressNumber: text,
  addressComplement: text,
  neighborhood: text,
  instagram: text,
  facebook: text,
  site: text,
});
export type PersonalData = z.infer<typeof personalDataSchema>;

export const bankAccountSchema = z.object({
  id: z.number().int(),
  profileAccountBank: option,
  cpfCnpj: text,
  /** the account holder (spec's nameCreditCard, "payee") */
  nameCreditCard: text,
  bankName: z.string(),
  bankAgency: z.string(),
  bankNumber: z.string(),
  bankDigit: text,
  typeAccount: option,
  keyPix: text,
});
export type BankAccount = z.infer<typeof bankAccountSchema>;

export const businessDataSchema = z.object({
  cnpj: text,
  legalName: text,
  companyName: text,
  companyType: option,
  branchOfActivity: option,
  companyCep: text,
  companyAddress: text,
  companyAddressNumber: text,
  companyAddressComplement: text,
  companyAddressNeighborhood: text,
  companyCity: text,
  companyState: text,
});
export type BusinessData = z.infer<typeof businessDataSchema>;

// ---------- what the server takes ----------

/** An option of one of the questionnaire lists (its id); the server checks it belongs to the field's list. */
const optionInput = idSchema.nullable().optional();

export const cnpjInput = optionalText(18).refine((v) => !v || isValidCnpj(v), { message: 'CNPJ inválido', params: { rule: 'cnpj' } }).meta({ examples: ['11.222.333/0001-81'] });
const cpfCnpjInput = optionalText(18).refine((v) => !v || isValidCpf(v) || isValidCnpj(v), {
  message: 'CPF ou CNPJ inválido',
  params: { rule: 'cpfCnpj' },
});
const cepInput = optionalText(9).refine((v) => !v || cepDigits(v) !== null, { message: 'CEP inválido: informe os 8 dígitos', params: { rule: 'cep' } });
export const stateInput = optionalText(2)
  .transform((v) => (v ? v.toUpperCase() : v))
  .refine((v) => !v || (BRAZIL_STATES as readonly string[]).includes(v), { message: 'UF inválida', params: { rule: 'state' } });
const birthdayInput = optionalText(10).refine((v) => !v || isCalendarDay(v), { message: 'data inválida', params: { rule: 'date' } });

export const personalDataInput = z.object({
  birthday: birthdayInput,
  genre: optionInput,
  relations: optionInput,
  nationality: optionInput,
  typeDocument: optionInput,
  numDocumentForeign: optionalText(40),
  profession: optionalText(120),
  cep: cepInput,
  address: optionalText(200),
  addressNumber: optionalText(20),
  addressComplement: optionalText(120),
  neighborhood: optionalText(120),
  instagram: optionalText(200),
  facebook: optionalText(200),
  site: optionalText(200),
});

const requiredText = (max: number) => trimmedTextSchema(max).min(1, 'preencha este campo');

export const bankAccountInput = z.object({
  /** an existing account of this person; absent for a new one */
  id: idSchema.optional(),
  profileAccountBank: optionInput,
  cpfCnpj: cpfCnpjInput,
  nameCreditCard: optionalText(120),
  bankName: requiredText(120),
  bankAgency: requiredText(10),
  bankNumber: requiredText(20),
  bankDigit: optionalText(2),
  typeAccount: optionInput,
  keyPix: optionalText(140),
});
export type BankAccountInput = z.input<typeof bankAccountInput>;

/** At most this many bank accounts per person. */
export const MAX_BANK_ACCOUNTS = 20;

export const businessDataInput = z.object({
  cnpj: cnpjInput,
  legalName: optionalText(200),
  companyName: optionalText(200),
  companyType: optionInput,
  branchOfActivity: optionInput,
  companyCep: cepInput,
  companyAddress: optionalText(200),
  companyAddressNumber: optionalText(20),
  companyAddressComplement: optionalText(120),
  companyAddressNeighborhood: optionalText(120),
  companyCity: optionalText(120),
  companyState: stateInput,
});

/** Which questionnaire list each choice field takes its options from (INTEREST_LISTS). */
export const CLIENT_INFO_OPTION_FIELDS = {
  personalData: { genre: 'genre', relations: 'relations', nationality: 'nationality', typeDocument: 'typeDocument' },
  bankData: { profileAccountBank: 'profileAccountBank', typeAccount: 'typeAccount' },
  businessData: { companyType: 'companyType', branchOfActivity: 'branchOfActivity' },
} as const;
