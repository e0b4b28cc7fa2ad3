/** Table cells that format through src/shared/format.ts (spec §5). */
import { Cell, type CellProps } from '@blueprintjs/table';
import { formatCurrency, formatDate, formatDateTime } from '../../../shared/format';

export function MoneyCell({ value, ...props }: CellProps & { value: number | string | null | undefined }) {
  return (
    <Cell {...props} className="cell-money">
      {formatCurrency(value)}
    </Cell>
  );
}

export function DateCell({ value, withTime, ...props }: CellProps & { value: string | null | undefined; withTime?: boolean }) {
  return <Cell {...props}>{withTime ? formatDateTime(value) : formatDate(value)}</Cell>;
}
