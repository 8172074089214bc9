/** IPC messages between the benchmark (run.ts) and its server process (servers.ts). */
export interface Endpoints {
  webUrl: string;
  apiUrl: string;
  referenceUrl: string;
}

export type ChildMessage = ({ type: 'ready' } & Endpoints) | { type: 'error'; message: string } | { type: 'closed' };

export type ParentMessage = { type: 'close' };
