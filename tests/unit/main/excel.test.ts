/**
 * The exported workbook as a person opens it: columns sized to what they
 * hold, the header row frozen, an autofilter over the data, and times in the
 * workstation's zone like the screens (Excel has no zones), calendar dates
 * unchanged. Each file is written and read back with exceljs.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  cellValue,
  MAX_COLUMN_WIDTH,
  MIN_COLUMN_WIDTH,
  wallClock,
  writeExcelFile,
  type ExportRow,
} from '../../../src/main/services/excel';
import type { ExcelColumn } from '../../../src/shared/contract';

const COLUMNS: ExcelColumn[] = [
  { key: 'id', header: 'logs.columns.id', format: 'integer' },
  { key: 'created_at', header: 'logs.columns.createdAt', format: 'datetime' },
  { key: 'action', header: 'logs.columns.action' },
  { key: 'note', header: 'logs.columns.entity' },
  { key: 'birth', header: 'logs.columns.entityId', format: 'date' },
];

/** 23:35 UTC is 20:35 in São Paulo (UTC-3, no daylight saving since 2019). */
const INSTANT = '2026-03-10T23:35:00.000Z';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'excel-test-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function writeAndRead(rows: ExportRow[], columns = COLUMNS): Promise<ExcelJS.Worksheet> {
  const filePath = join(dir, 'export.xlsx');
  await writeExcelFile({ filePath, title: 'Logs do sistema', date: new Date(INSTANT), columns, rows });
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(filePath);
  const data = workbook.getWorksheet('Dados');
  expect(data).toBeDefined();
  return data!;
}

/** The wall-clock fields of an instant in this process's zone, by Intl (independent of the code under test). */
function expectedWall(instant: string): { y: number; mo: number; d: number; h: number; mi: number } {
  const parts = new Intl.DateTimeFormat('en-US', {
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
  }).formatToParts(new Date(instant));
  const n = (t: string) => Number(parts.find((p) => p.type === t)!.value);
  return { y: n('year'), mo: n('month'), d: n('day'), h: n('hour'), mi: n('minute') };
}

const rows: ExportRow[] = [
  { id: 1, created_at: INSTANT, action: 'session.login', note: 'curto', birth: '1990-05-31' },
  { id: 123456, created_at: INSTANT, action: 'user.password.forced-change', note: 'x'.repeat(200), birth: '2001-01-01' },
];

describe('Excel export layout', () => {
  it('freezes the header row and puts an autofilter over the header and every data row', async () => {
    const sheet = await writeAndRead(rows);
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(sheet.autoFilter).toBe('A1:E3');
    expect(sheet.getRow(1).getCell(3).value).toBe('Ação');
  });

  it('sizes each column to its title and values, within 8–60 characters', async () => {
    const sheet = await writeAndRead(rows);
    const widths = COLUMNS.map((_, i) => sheet.getColumn(i + 1).width!);
    expect(new Set(widths).size).toBeGreaterThan(2);
    for (const w of widths) {
      expect(w).toBeGreaterThanOrEqual(MIN_COLUMN_WIDTH);
      expect(w).toBeLessThanOrEqual(MAX_COLUMN_WIDTH);
    }
    // The 200-character note is capped; the long action code fits; the id column is narrow.
    expect(widths[3]).toBe(MAX_COLUMN_WIDTH);
    expect(widths[2]).toBeGreaterThanOrEqual('user.password.forced-change'.length);
    expect(widths[0]).toBeLessThan(widths[2]);
    // 'DD/MM/YYYY HH:mm' fits in the date-time column.
    expect(widths[1]).toBeGreaterThanOrEqual(16);
  });

  it('keeps narrow columns at least 8 wide with no rows at all', async () => {
    const sheet = await writeAndRead([], [{ key: 'id', header: 'logs.columns.id', format: 'integer' }]);
    expect(sheet.getColumn(1).width).toBe(MIN_COLUMN_WIDTH);
    expect(sheet.autoFilter).toBe('A1:A1');
  });
});

describe('Excel export times', () => {
  it('writes an instant as the wall time of the workstation, like the screens', async () => {
    const sheet = await writeAndRead(rows);
    const cell = sheet.getRow(2).getCell(2).value as Date;
    expect(cell).toBeInstanceOf(Date);
    const want = expectedWall(INSTANT);
    // exceljs reads a cell back as the Date whose UTC fields are what Excel shows.
    expect([cell.getUTCFullYear(), cell.getUTCMonth() + 1, cell.getUTCDate(), cell.getUTCHours(), cell.getUTCMinutes()]).toEqual([
      want.y,
      want.mo,
      want.d,
      want.h,
      want.mi,
    ]);
    expect(sheet.getRow(2).getCell(2).numFmt).toBe('DD/MM/YYYY HH:mm');
  });

  it('reads 20:35 for an entry made at 20:35 in São Paulo (23:35 UTC)', () => {
    const wall = wallClock(new Date(INSTANT), 'America/Sao_Paulo');
    expect(wall.toISOString()).toBe('2026-03-10T20:35:00.000Z');
    // The same instant seen from Lisbon (UTC+0 in March) and Tokyo (next day).
    expect(wallClock(new Date(INSTANT), 'Europe/Lisbon').toISOString()).toBe('2026-03-10T23:35:00.000Z');
    expect(wallClock(new Date(INSTANT), 'Asia/Tokyo').toISOString()).toBe('2026-03-11T08:35:00.000Z');
  });

  it('agrees with Intl for the process zone when no zone is given', () => {
    const w = wallClock(new Date(INSTANT));
    const want = expectedWall(INSTANT);
    expect([w.getUTCFullYear(), w.getUTCMonth() + 1, w.getUTCDate(), w.getUTCHours(), w.getUTCMinutes()]).toEqual([
      want.y,
      want.mo,
      want.d,
      want.h,
      want.mi,
    ]);
  });

  it('writes a calendar date (YYYY-MM-DD) as that same day in any zone', async () => {
    const sheet = await writeAndRead(rows);
    const cell = sheet.getRow(2).getCell(5).value as Date;
    expect(cell.toISOString().slice(0, 10)).toBe('1990-05-31');
    expect(sheet.getRow(2).getCell(5).numFmt).toBe('DD/MM/YYYY');
  });

  it('dates the info sheet with the workstation day of the export', async () => {
    const filePath = join(dir, 'info.xlsx');
    await writeExcelFile({ filePath, title: 'Logs', date: new Date(INSTANT), columns: COLUMNS, rows: [] });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(filePath);
    const date = workbook.getWorksheet('Informações')!.getRow(3).getCell(2).value as Date;
    const want = expectedWall(INSTANT);
    expect([date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate()]).toEqual([want.y, want.mo, want.d]);
  });
});

describe('Excel export of the activity log', () => {
  it('writes actions and record kinds in words, like the logs screen; an unknown code stays as written', () => {
    expect(cellValue('activity-action', 'session.login')).toBe('Entrada no sistema');
    expect(cellValue('activity-action', 'a.code.from.a.newer.server')).toBe('a.code.from.a.newer.server');
    expect(cellValue('activity-entity', 'user')).not.toBe('user');
    expect(cellValue('activity-entity', 'user')).toMatch(/Usu/);
  });
});
