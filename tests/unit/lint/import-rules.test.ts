/**
 * Import rules, through the project's real ESLint config. The aliases: the
 * shared layer is '@shared/…' and the renderer's kit '@kit/…' (relative climbs
 * into them are refused), and no other layer imports the kit. The server's
 * area rule: code
 * outside an area reaches it only through its index.ts (calls) and schema*.ts
 * (tables); the platform imports no area (types and tables aside); the pure
 * domain imports neither. Each case lints a one-line file placed where the
 * rule must bite, so a config change that drops the rule fails here.
 */
import { ESLint } from 'eslint';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(__dirname, '../../..');
const eslint = new ESLint({ cwd: ROOT });

async function restrictedImports(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${code}\nexport const used = 1;\n`, { filePath: join(ROOT, file) });
  return result.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

async function areaMessages(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${code}\nexport const used = 1;\n`, { filePath: join(ROOT, file) });
  return result.messages.filter((m) => m.ruleId === 'server-areas/area-boundaries').map((m) => m.message);
}

// Linting or parsing the whole server takes seconds; a busy machine must not make it a timeout.
describe('server area boundaries', { timeout: 60_000 }, () => {
  it("refuses another area's private file, from an area and from the server's composition", async () => {
    expect(await areaMessages('src/server/areas/borrowers/probe.ts', "import { changeOperation } from '../operations/credit-operations';")).toEqual([
      expect.stringContaining('areas/operations/credit-operations'),
    ]);
    expect(await areaMessages('src/server/db/probe.ts', "export { markContracted } from '../areas/intake/solicitations-workflow';")).toHaveLength(1);
    expect(await areaMessages('src/server/areas/lgpd/probe.ts', "const m = import('../access/user-erase');\nvoid m;")).toHaveLength(1);
  });

  it("allows the area's index and its tables, and any file of one's own area", async () => {
    expect(await areaMessages('src/server/areas/borrowers/probe.ts', "import { markContracted } from '../intake';")).toEqual([]);
    expect(await areaMessages('src/server/areas/borrowers/probe.ts', "import { creditOperations } from '../operations/schema';")).toEqual([]);
    expect(await areaMessages('src/server/areas/operations/probe.ts', "import { approvalRequests } from './schema-approvals';")).toEqual([]);
    expect(await areaMessages('src/server/areas/intake/handlers/probe.ts', "import { markContracted } from '../solicitations-workflow';")).toEqual([]);
  });

  it("opens an area's handlers/index.ts to the server's composition only: other areas call its index.ts", async () => {
    expect(await areaMessages('src/server/handlers/probe.ts', "import { borrowerHandlers } from '../areas/borrowers/handlers';")).toEqual([]);
    expect(await areaMessages('src/server/areas/intake/probe.ts', "import { borrowerHandlers } from '../borrowers/handlers';")).toEqual([
      expect.stringContaining("server's composition"),
    ]);
    expect(await areaMessages('src/server/handlers/probe.ts', "import { borrowerHandlers } from '../areas/borrowers/handlers/borrowers';")).toHaveLength(1);
  });

  it('keeps the platform free of areas, except types and tables', async () => {
    expect(await areaMessages('src/server/platform/probe.ts', "import { findSession } from '../areas/access';")).toEqual([expect.stringContaining('platform')]);
    expect(await areaMessages('src/server/platform/http/probe.ts', "import type { ReceitaProvider } from '../../areas/intake';")).toEqual([]);
    expect(await areaMessages('src/server/platform/probe.ts', "import { users } from '../areas/access/schema';")).toEqual([]);
  });

  it('keeps the pure domain free of areas and of the platform', async () => {
    expect(await areaMessages('src/server/domain/probe.ts', "import { clock } from '../platform/clock';")).toEqual([expect.stringContaining('domain')]);
    expect(await areaMessages('src/server/domain/credit/probe.ts', "import { creditOperations } from '../../areas/operations/schema';")).toHaveLength(1);
  });
});

describe('aliases', { timeout: 60_000 }, () => {
  it("takes the shared layer only as '@shared/…', from every layer", async () => {
    expect(await restrictedImports('src/renderer/src/screens/users/probe.ts', "import { formatCpf } from '../../../../shared/format';")).toEqual([expect.stringContaining('@shared/')]);
    expect(await restrictedImports('src/server/areas/access/probe.ts', "import { formatCpf } from '../../../shared/format';")).toEqual([expect.stringContaining('@shared/')]);
    expect(await restrictedImports('src/main/services/probe.ts', "import { contract } from '../../shared/contract';")).toEqual([expect.stringContaining('@shared/')]);
    expect(await restrictedImports('src/server/areas/access/probe.ts', "import { formatCpf } from '@shared/format';")).toEqual([]);
  });

  it("takes the kit only as '@kit/…', and only in the renderer", async () => {
    expect(await restrictedImports('src/renderer/src/screens/users/probe.ts', "import { ListScreen } from '../../components/list/ListScreen';")).toEqual([expect.stringContaining('@kit/')]);
    expect(await restrictedImports('src/renderer/src/screens/users/probe.ts', "import { ListScreen } from '@kit/list/ListScreen';")).toEqual([]);
    expect(await restrictedImports('src/server/platform/probe.ts', "import { ListScreen } from '@kit/list/ListScreen';")).toEqual([expect.stringContaining('renderer')]);
    expect(await restrictedImports('src/shared/probe.ts', "import { ListScreen } from '@kit/list/ListScreen';")).toEqual([expect.stringContaining('renderer')]);
  });
});

describe('src/node: Node-side code main and server share', { timeout: 60_000 }, () => {
  it('keeps runtime libraries out of src/shared (the renderer imports it too)', async () => {
    expect(await restrictedImports('src/shared/probe.ts', "import ExcelJS from 'exceljs';")).toEqual([expect.stringContaining('src/node')]);
    expect(await restrictedImports('src/shared/probe.ts', "import { sql } from 'drizzle-orm';")).toEqual([expect.stringContaining('runtime libraries')]);
    expect(await restrictedImports('src/shared/probe.ts', "import { z } from 'zod';")).toEqual([]);
  });

  it('is imported by the main process and the server, never by the renderer, the preload or shared', async () => {
    expect(await restrictedImports('src/main/services/probe.ts', "import { writeExcelFile } from '../../node/excel-export';")).toEqual([]);
    expect(await restrictedImports('src/server/areas/reports/probe.ts', "import { writeExcelFile } from '../../../node/excel-export';")).toEqual([]);
    expect(await restrictedImports('src/renderer/src/screens/users/probe.ts', "import { writeExcelFile } from '../../../../node/excel-export';")).toHaveLength(1);
    expect(await restrictedImports('src/preload/probe.ts', "import { writeExcelFile } from '../node/excel-export';")).toHaveLength(1);
    expect(await restrictedImports('src/shared/probe.ts', "import { writeExcelFile } from '../node/excel-export';")).toHaveLength(1);
  });

  it('imports only src/shared itself', async () => {
    expect(await restrictedImports('src/node/probe.ts', "import { clock } from '../server/platform/clock';")).toEqual([expect.stringContaining('only src/shared')]);
    expect(await restrictedImports('src/node/probe.ts', "import { app } from 'electron';")).toHaveLength(1);
    expect(await restrictedImports('src/node/probe.ts', "import { formatCpf } from '@shared/format';")).toEqual([]);
  });
});
