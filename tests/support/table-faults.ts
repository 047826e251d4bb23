/** The test stack's table fault proxy (scripts/local/table-faults.ts), as a test arms, reads and clears it. */
import { expect } from 'vitest';
import { TABLE_FAULTS_PATH, type TableFaultSpec, type TableFaultsState } from '../../scripts/local/table-faults';
import { stackUrl } from './api';

const faultsUrl = () => `${stackUrl()}${TABLE_FAULTS_PATH}`;

export async function armTableFault(spec: TableFaultSpec): Promise<void> {
  const response = await fetch(faultsUrl(), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(spec) });
  expect(response.status, await response.clone().text()).toBe(200);
}

/** The armed faults, and what befell each operation's calls since the last clear. */
export const tableFaultState = async (): Promise<TableFaultsState> => (await (await fetch(faultsUrl())).json()) as TableFaultsState;

export async function clearTableFaults(): Promise<void> {
  expect((await fetch(faultsUrl(), { method: 'DELETE' })).status).toBe(200);
}
