/**
 * Simulations (the spec's validation rules and calls): what a prospective borrower simulated in the
 * applicant's app (value, plots, monthly rate, installment), linked to the
 * person and, once they applied, to their solicitation.
 */
import { z } from 'zod';
import { AllOperators, AllPanelUsers } from '../roles';
import { simulationFilter } from '../query';
import { defineOperation, type ExcelColumn } from './define';
import { exportRowsSchema, filterSchema, idArgs, listArgs, okSchema, paged, sortSchema, timestampSchema } from './common';

/**
 * Filters of the simulations list. name: a fragment of the person's name;
 * valueStart/valueEnd: the simulated value's range in reais (decimal strings,
 * both ends included); from/to: the period (YYYY-MM-DD, both days included).
 */
export const SIMULATION_FILTERS = ['name', 'valueStart', 'valueEnd', 'from', 'to'] as const;
export const SIMULATION_SORTS = ['created_at', 'name', 'value', 'plots', 'monthly_rate', 'installment'] as const;

/**
 * The list filters with the spec's validation rule applied once, here: valueStart and
 * valueEnd are sent only when not 0 (a zero bound is no bound). The list and
 * the export read their filters through this schema, in the main process
 * before the request is built and in the server, so no screen repeats it.
 */
export const simulationFilterSchema = filterSchema.transform((filter) => simulationFilter(filter));

export const simulationSchema = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  /** the person's name as registered now */
  name: z.string(),
  solicitation_id: z.number().int().nullable(),
  /** money: decimal strings with two places ("15000.00") */
  value: z.string(),
  plots: z.number().int(),
  /** percent per month, decimal string ("1.9900") */
  monthly_rate: z.string(),
  installment: z.string(),
  created_at: timestampSchema,
});
export type Simulation = z.infer<typeof simulationSchema>;

export const SIMULATION_EXPORT_COLUMNS: readonly ExcelColumn[] = [
  { key: 'id', header: 'simulations.columns.id', format: 'integer' },
  { key: 'created_at', header: 'simulations.columns.createdAt', format: 'datetime' },
  { key: 'name', header: 'simulations.columns.name' },
  { key: 'value', header: 'simulations.columns.value', format: 'currency' },
  { key: 'plots', header: 'simulations.columns.plots', format: 'integer' },
  { key: 'monthly_rate', header: 'simulations.columns.monthlyRate' },
  { key: 'installment', header: 'simulations.columns.installment', format: 'currency' },
  { key: 'solicitation_id', header: 'simulations.columns.solicitation', format: 'integer' },
];

/** The most rows one export writes. */
export const SIMULATION_EXPORT_MAX = 200_000;

export const simulationsOperations = {
  'simulations.all': defineOperation({
    method: 'GET',
    path: '/api/simulations/all',
    access: AllPanelUsers,
    encoding: 'list',
    cacheable: true,
    origin: 'spec',
    description: 'Simulations, newest first by default, paged, filtered (name, value range, period) and sorted.',
    list: { filters: SIMULATION_FILTERS, sorts: SIMULATION_SORTS },
    args: listArgs.extend({ filter: simulationFilterSchema.optional() }),
    result: paged(simulationSchema),
  }),
  'simulations.byUser': defineOperation({
    method: 'GET',
    path: '/api/simulations/user/:id',
    access: AllPanelUsers,
    encoding: 'none',
    cacheable: true,
    origin: 'spec',
    description: "One entrepreneur's simulations, newest first (404 when the id is not an entrepreneur).",
    args: idArgs,
    result: z.array(simulationSchema),
  }),
  'simulations.delete': defineOperation({
    method: 'DELETE',
    path: '/api/simulations/:id',
    // Operators and administrators curate the intake data; agents (sales) consult it. A simulation is the
    // evidence of the offer the person saw, so removing it is kept from the role that talks to them.
    access: AllOperators,
    encoding: 'none',
    origin: 'spec',
    description: 'Removes a simulation from the lists (soft delete: kept for the record, logged).',
    args: idArgs,
    result: okSchema,
  }),
  'simulations.export': defineOperation({
    method: 'POST',
    path: '/api/simulations/export',
    access: AllPanelUsers,
    encoding: 'json',
    origin: 'spec',
    description: 'Simulations matching the list filters, as rows for the Excel export (at most SIMULATION_EXPORT_MAX).',
    file: { kind: 'excel-export', columns: SIMULATION_EXPORT_COLUMNS, title: 'simulations.exportTitle' },
    list: { filters: SIMULATION_FILTERS, sorts: SIMULATION_SORTS },
    args: z.object({ filter: simulationFilterSchema.optional(), sort: sortSchema }),
    result: exportRowsSchema,
  }),
} as const;
