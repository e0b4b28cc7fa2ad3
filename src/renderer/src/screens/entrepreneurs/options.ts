/** The questionnaire's option lists (GET /interests/list-perfil/:x) as select options; retired options stay, disabled, so a saved answer keeps its label. */
import type { InterestListName } from '@shared/contract';
import { useApiQuery } from '../../api/hooks';
import type { SelectOption } from '@kit/form/FieldInput';

export function useInterestOptions(list: InterestListName): SelectOption[] {
  const items = useApiQuery('interests.listProfiles', { x: list });
  return (items.data ?? []).map((i) => ({ value: i.id, label: i.titulo, disabled: !i.ativo }));
}
