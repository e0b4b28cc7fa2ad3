/**
 * The renegotiation limits form, apart from React (unit-tested): one percent field and one money field per panel
 * role, over the contract's rule for a role's limits (percent 0–100, money ≥ 0); the percent typed as the language
 * writes it ("12,5" / "12.5": formSchema gives it the dot), the money field keeps the wire's decimal itself.
 */
import { z } from 'zod';
import { roleLimitInputSchema, type RenegotiationLimits } from '@shared/contract/renegotiation';
import { AllPanelUsers, type RoleId } from '@shared/roles';
import { formSchema } from '@kit/form/formSchema';
import { textLocaleOf } from '@kit/form/localeText';

export const LIMIT_ROLES: readonly RoleId[] = AllPanelUsers;
export const percentField = (role: number) => `percent_${role}`;
export const aloneField = (role: number) => `alone_${role}`;

const shape: Record<string, z.ZodType> = { company_id: z.number().int() };
for (const role of LIMIT_ROLES) {
  shape[percentField(role)] = roleLimitInputSchema.shape.max_discount_percent;
  shape[aloneField(role)] = roleLimitInputSchema.shape.alone_up_to;
}
export const limitsFormSchema = formSchema(z.object(shape), { percents: LIMIT_ROLES.map(percentField) });
export type LimitsValues = Record<string, unknown>;

/** A percent answer ("70.00") as the language writes it, without trailing zeros ("70", "12,5" / "12.5"). */
export function percentText(value: string, language: string | undefined): string {
  const trimmed = value.includes('.') ? value.replace(/0+$/, '').replace(/\.$/, '') : value;
  return textLocaleOf(language) === 'en' ? trimmed : trimmed.replace('.', ',');
}

/** The form's values from the limits in force. */
export function limitsToValues(data: RenegotiationLimits, language: string | undefined): LimitsValues {
  const out: LimitsValues = { company_id: data.company_id };
  for (const role of LIMIT_ROLES) {
    const limit = data.roles.find((r) => r.role_id === role);
    out[percentField(role)] = percentText(limit?.max_discount_percent ?? '0', language);
    out[aloneField(role)] = limit?.alone_up_to ?? '0.00';
  }
  return out;
}

/** The call's arguments from the parsed form: every role, as typed. */
export function valuesToArgs(values: Record<string, unknown>): { company_id: number; roles: { role_id: number; max_discount_percent: string; alone_up_to: string }[] } {
  return {
    company_id: values.company_id as number,
    roles: LIMIT_ROLES.map((role) => ({ role_id: role, max_discount_percent: String(values[percentField(role)]), alone_up_to: String(values[aloneField(role)]) })),
  };
}
