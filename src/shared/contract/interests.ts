/**
 * Option lists of the solicitation questionnaire (the spec's generic calls
 * "GET /interests/list-perfil/{x}" and "GET /interests/list-options/{x}",
 * the spec's entity Profile: titulo, ativo, texto).
 *
 * The spec does not say what {x} is. Here it is the name of one option list:
 * the fields of the spec's Solicitation entity that are a choice among fixed options.
 * The names are declared once, below; any other name is refused with a 400
 * naming the field `x` (never a 404: a wrong list name is a malformed call,
 * not a record that went missing).
 */
import { z } from 'zod';
import { AllPanelUsers } from '../roles';
import { defineOperation } from './define';
import { textSchema } from './common';

/**
 * The option lists, named after the solicitation field each one feeds
 * (the spec's Solicitation entity): 'relations' is the marital status.
 */
export const INTEREST_LISTS = [
  'relations',
  'genre',
  'nationality',
  'typeDocument',
  'companyType',
  'branchOfActivity',
  'profileAccountBank',
  'typeAccount',
] as const;
export type InterestListName = (typeof INTEREST_LISTS)[number];

export const UNKNOWN_INTEREST_LIST_MESSAGE = 'lista de opções desconhecida';

/**
 * A list name: safe text first (NUL, lone surrogates and endless input are
 * refused by the shared rule), then one of INTEREST_LISTS exactly. An enum
 * check is an own-value comparison, so '__proto__' or 'constructor' can never
 * match something that was not declared.
 */
export const interestListSchema = textSchema(40).pipe(z.enum(INTEREST_LISTS, { error: UNKNOWN_INTEREST_LIST_MESSAGE }));

export const interestListArgs = z.object({ x: interestListSchema });

/** One item of the spec's Profile entity (ativo as a boolean, like every other catalogue's active). */
export const interestProfileSchema = z.object({
  id: z.number().int(),
  titulo: z.string(),
  texto: z.string(),
  ativo: z.boolean(),
});
export type InterestProfile = z.infer<typeof interestProfileSchema>;

/** One choice of a select: the item's id (stable when the title is edited) and its title. */
export const interestOptionSchema = z.object({ value: z.number().int(), label: z.string() });
export type InterestOption = z.infer<typeof interestOptionSchema>;

export const interestsOperations = {
  'interests.listProfiles': defineOperation({
    method: 'GET',
    path: '/api/interests/list-perfil/:x',
    access: AllPanelUsers,
    encoding: 'none',
    cacheable: true,
    origin: 'spec',
    description:
      'Every Profile item (titulo, texto, ativo) of one questionnaire option list, inactive ones included so a saved answer keeps its label; in the list\'s order.',
    args: interestListArgs,
    result: z.array(interestProfileSchema),
  }),
  'interests.listOptions': defineOperation({
    method: 'GET',
    path: '/api/interests/list-options/:x',
    access: AllPanelUsers,
    encoding: 'none',
    cacheable: true,
    origin: 'spec',
    description: 'The active options of one questionnaire option list as { value, label } for selects, in the list\'s order.',
    args: interestListArgs,
    result: z.array(interestOptionSchema),
  }),
} as const;
