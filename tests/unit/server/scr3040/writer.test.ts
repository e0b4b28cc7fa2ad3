/** The Doc 3040 written as a stream: chunks, never the whole document; parts numbered with TpArq I … F. */
import { describe, expect, it } from 'vitest';
import { checkDocument } from '../../../../src/server/domain/scr3040/checks';
import { clientElement } from '../../../../src/server/domain/scr3040/model';
import { planParts, writePart } from '../../../../src/server/domain/scr3040/writer';
import { attr, parseXml, XmlSyntaxError } from '../../../../src/server/domain/scr3040/xml';
import { CLIENTS, HEADER } from './portfolio';

describe('planParts', () => {
  it('one part (TpArq F) for a small month, even an empty one', () => {
    expect(planParts(0)).toEqual([{ parte: 1, last: true, from: 0, to: 0 }]);
    expect(planParts(3, 10)).toEqual([{ parte: 1, last: true, from: 0, to: 3 }]);
  });
  it('numbers the parts and marks only the last as final', () => {
    expect(planParts(25, 10)).toEqual([
      { parte: 1, last: false, from: 0, to: 10 },
      { parte: 2, last: false, from: 10, to: 20 },
      { parte: 3, last: true, from: 20, to: 25 },
    ]);
  });
});

describe('writePart', () => {
  it('yields chunks as the body arrives, each part a checked document of its own', async () => {
    const many = Array.from({ length: 30 }, (_, k) => ({ ...CLIENTS[k % 3], operations: CLIENTS[k % 3].operations.map((op) => ({ ...op, contrt: `${op.contrt}-${k}` })) }));
    const plans = planParts(many.length, 12);
    const texts: string[] = [];
    for (const plan of plans) {
      let consumed = 0;
      const body = (async function* () {
        for (const c of many.slice(plan.from, plan.to)) {
          consumed += 1;
          yield clientElement(HEADER.cnpj, c);
        }
      })();
      const chunks: string[] = [];
      for await (const chunk of writePart(HEADER, plan, body, 2_000)) {
        chunks.push(chunk);
        // streamed: the first chunk leaves before the body is read to its end
        if (chunks.length === 1) expect(consumed).toBeLessThan(plan.to - plan.from);
      }
      expect(chunks.length).toBeGreaterThan(2);
      texts.push(chunks.join(''));
    }
    expect(texts.map((t) => [attr(parseXml(t), 'Parte'), attr(parseXml(t), 'TpArq'), attr(parseXml(t), 'TotalCli')])).toEqual([
      ['1', 'I', '12'],
      ['2', 'I', '12'],
      ['3', 'F', '6'],
    ]);
    for (const t of texts) expect(checkDocument(parseXml(t))).toEqual([]);
  });
});

describe('parseXml', () => {
  it('refuses what is not a well-formed document', () => {
    expect(() => parseXml('<Doc3040><Cli></Doc3040>')).toThrow(XmlSyntaxError);
    expect(() => parseXml('<Doc3040>')).toThrow(XmlSyntaxError);
    expect(() => parseXml('')).toThrow(XmlSyntaxError);
    expect(() => parseXml('<a/><b/>')).toThrow(XmlSyntaxError);
    expect(attr(parseXml(`<a x='1 &amp; 2'/>`), 'x')).toBe('1 & 2');
  });
});
