/**
 * A small example generator over the JSON Schemas of the OpenAPI document:
 * the first enum value, the minimum of a range, required properties only, and
 * for patterned text the first of a few typical values that fits. Enough to
 * show that the document describes requests the server accepts.
 */
type Schema = Record<string, unknown>;

const TEXT_CANDIDATES = ['0.5', '1000.00', '001', '123456', '2027-01', '12', '2027-01-15', 'Texto de exemplo', 'exemplo@demo.local', '01001-000', '01001000', 'SP', 'PF', 'x', 'a1', '11987654321', '529.982.247-25', '52998224725', '11.222.333/0001-81', '11222333000181'];

/**
 * Documents and long texts whose rules are refinements (check digits, a
 * minimum of words) that JSON Schema cannot carry: told apart by the
 * property's name, as a person filling the form would.
 */
function byName(key: string, schema: Schema | undefined): string | undefined {
  if (!schema || (schema.type !== undefined && schema.type !== 'string' && !(Array.isArray(schema.type) && schema.type.includes('string')))) return undefined;
  if (/cnpj/i.test(key)) return '11.222.333/0001-81';
  if (/cpf|document/i.test(key)) return '529.982.247-25';
  if (key === 'body') return 'Texto do modelo de contrato com mais de vinte caracteres.';
  return undefined;
}

/**
 * Calendar days come out in increasing order (2027-01-15, 2027-02-15, …) in the
 * order the properties are declared, so "from" comes before "to" and a
 * disbursement before its first due date.
 */
export function exampleOf(schema: Schema | undefined): unknown {
  let days = 0;
  const nextDay = () => `2027-${String((days++ % 12) + 1).padStart(2, '0')}-15`;
  return sample(schema, schema ?? {}, nextDay);
}

function sample(schema: Schema | undefined, root: Schema, nextDay: () => string): unknown {
  const exampleOf = (inner: Schema | undefined, _root: Schema) => sample(inner, root, nextDay);
  if (!schema) return undefined;
  if (typeof schema.$ref === 'string') {
    const path = schema.$ref.replace(/^#\//, '').split('/');
    let target: unknown = root;
    for (const part of path) target = (target as Record<string, unknown>)?.[part];
    return exampleOf(target as Schema, root);
  }
  if (Array.isArray(schema.examples) && schema.examples.length) return schema.examples[0];
  if ('const' in schema) return schema.const;
  if (Array.isArray(schema.enum)) return schema.enum[0];
  if ('default' in schema) return schema.default;
  for (const key of ['anyOf', 'oneOf'] as const) {
    const options = schema[key];
    if (Array.isArray(options)) {
      const concrete = (options as Schema[]).find((o) => o.type !== 'null') ?? (options as Schema[])[0];
      return exampleOf(concrete, root);
    }
  }
  if (Array.isArray(schema.allOf)) return exampleOf(Object.assign({}, ...(schema.allOf as Schema[])), root);
  const type = Array.isArray(schema.type) ? (schema.type as string[]).find((t) => t !== 'null') : (schema.type as string | undefined);
  switch (type) {
    case 'object': {
      const properties = (schema.properties as Record<string, Schema> | undefined) ?? {};
      const required = (schema.required as string[] | undefined) ?? [];
      // Documents are filled even when optional in the schema: some are required by a refinement JSON Schema cannot show.
      const keys = [...new Set([...required, ...Object.keys(properties).filter((key) => /^(cpf|cnpj|assignee_cnpj)$/.test(key))])];
      return Object.fromEntries(keys.map((key) => [key, byName(key, properties[key]) ?? exampleOf(properties[key], root)]));
    }
    case 'array': {
      const count = Number(schema.minItems ?? 0);
      return Array.from({ length: count }, () => exampleOf(schema.items as Schema, root));
    }
    case 'integer':
    case 'number': {
      const min = typeof schema.minimum === 'number' ? schema.minimum : typeof schema.exclusiveMinimum === 'number' ? schema.exclusiveMinimum + 1 : 1;
      return Math.max(1, Math.ceil(min));
    }
    case 'boolean':
      return false;
    case 'string': {
      if (schema.format === 'email') return 'exemplo@demo.local';
      if (schema.format === 'date') return nextDay();
      if (schema.format === 'date-time') return '2027-01-15T12:00:00Z';
      const pattern = typeof schema.pattern === 'string' ? new RegExp(schema.pattern) : null;
      const min = Number(schema.minLength ?? 0);
      const max = Number(schema.maxLength ?? Infinity);
      const fits = (text: string) => text.length >= min && text.length <= max && (!pattern || pattern.test(text));
      return TEXT_CANDIDATES.find(fits) ?? 'x'.repeat(Math.max(1, min));
    }
    default:
      return undefined;
  }
}
