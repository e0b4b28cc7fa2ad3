/**
 * The Doc 3040 written as a stream of text chunks: the declaration, the root
 * element's opening tag, the clients and aggregated blocks as they come, and
 * the closing tag — never the whole document as one string (a month of
 * 100,000 operations stays a few chunks in memory at a time). A large month
 * is split into parts (Parte 1…n, TpArq "I" for an intermediate part and "F"
 * for the last; the aggregated blocks go in the last part).
 */
import { elementText, openTag, type XmlElement } from './xml';
import { rootAttributes, type HeaderInput } from './model';

/** The app's choice of part size: at most this many clients (Cli) per part. */
export const CLIENTS_PER_PART = 20_000;

export interface PartPlan {
  parte: number;
  last: boolean;
  /** the clients of this part: [from, to) in the month's client order */
  from: number;
  to: number;
}

export function planParts(totalClients: number, perPart = CLIENTS_PER_PART): PartPlan[] {
  const count = Math.max(1, Math.ceil(totalClients / perPart));
  return Array.from({ length: count }, (_, k) => ({
    parte: k + 1,
    last: k === count - 1,
    from: k * perPart,
    to: Math.min(totalClients, (k + 1) * perPart),
  }));
}

/** The root's opening tag for a part; TotalCli is the number of clients (Cli) the part carries. */
export function partOpening(header: HeaderInput, plan: Pick<PartPlan, 'parte' | 'last' | 'from' | 'to'>): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n${openTag(rootAttributes(header, plan.parte, plan.last, plan.to - plan.from), false)}\n`;
}

export const PART_CLOSING = '</Doc3040>\n';

/**
 * A part's text in chunks of about `chunkChars` characters: opening, each element of `body` (its clients, then in the
 * last part the aggregated blocks), closing.
 */
export async function* writePart(
  header: HeaderInput,
  plan: PartPlan,
  body: AsyncIterable<XmlElement> | Iterable<XmlElement>,
  chunkChars = 64 * 1024,
): AsyncGenerator<string> {
  let buffer = partOpening(header, plan);
  for await (const element of body) {
    buffer += elementText(element, 1);
    if (buffer.length >= chunkChars) {
      yield buffer;
      buffer = '';
    }
  }
  yield buffer + PART_CLOSING;
}
