/** Generated export rows: deterministic, varied enough that compression does not flatter the figures. */
import type { ExcelColumn } from '../../src/shared/contract';

export const BENCH_COLUMNS_12: readonly ExcelColumn[] = [
  { key: 'id', header: 'ID', format: 'integer' },
  { key: 'name', header: 'Nome' },
  { key: 'email', header: 'E-mail' },
  { key: 'cpf', header: 'CPF' },
  { key: 'phone', header: 'Telefone' },
  { key: 'city', header: 'Cidade' },
  { key: 'state', header: 'UF' },
  { key: 'value', header: 'Valor', format: 'currency' },
  { key: 'installments', header: 'Parcelas', format: 'integer' },
  { key: 'created_at', header: 'Criado em', format: 'datetime' },
  { key: 'due', header: 'Vencimento', format: 'date' },
  { key: 'active', header: 'Ativo', format: 'boolean' },
];

const CITIES = ['São Paulo', 'Recife', 'Belo Horizonte', 'Porto Alegre', 'Salvador', 'Curitiba', 'Manaus', 'Fortaleza'];
const STATES = ['SP', 'PE', 'MG', 'RS', 'BA', 'PR', 'AM', 'CE'];

export function benchRow(i: number): Record<string, string | number | boolean | null> {
  const base = Date.UTC(2024, 0, 1) + i * 60_000;
  return {
    id: i + 1,
    name: `Cliente ${i + 1} da Silva`,
    email: `cliente${i + 1}@exemplo.com.br`,
    cpf: String(10_000_000_000 + i * 7919).padStart(11, '0'),
    phone: `(11) 9${String(10_000_000 + i).slice(-8)}`,
    city: CITIES[i % CITIES.length],
    state: STATES[i % STATES.length],
    value: Math.round(((i * 37) % 100_000) * 100 + 99) / 100,
    installments: (i % 24) + 1,
    created_at: new Date(base).toISOString(),
    due: new Date(base + 30 * 86_400_000).toISOString().slice(0, 10),
    active: i % 3 !== 0,
  };
}

export function benchRows(count: number): Array<Record<string, string | number | boolean | null>> {
  return Array.from({ length: count }, (_, i) => benchRow(i));
}
