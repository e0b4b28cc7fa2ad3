/** What a negativação candidate lacks before it can be sent, worded on the screen (the server sends keys, not words). */
import type { NegativationAddressField } from '@shared/negativation';
import type { Translate } from '@kit/list/columns';

/** The missing fields alone, for the list's "Falta" column (a sentence there was cut before it named them). */
export function missingFields(missing: readonly NegativationAddressField[], t: Translate): string {
  return missing.map((k) => t(`negativation.addressFields.${k}`)).join(', ');
}

/** The borrower's missing address fields as a sentence in the screen's language, or nothing when the address is complete. */
export function missingText(missing: readonly NegativationAddressField[], t: Translate): string {
  return missing.length ? t('negativation.missingAddress', { fields: missingFields(missing, t) }) : '';
}
