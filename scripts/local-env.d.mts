// Types of local-env.mjs for the TypeScript tests that import it.
export function ensureLocalEnv(): void;
export function readDevVars(file?: string): Record<string, string>;
export function setDevVar(name: string, value: string, file?: string): void;
export function chooseBackend(fromEnvironment: string | undefined, file?: string): { sanctumUrl: string; messages: string[] };
export const wranglerEnv: NodeJS.ProcessEnv;
export function setLocalCarrier(values: Record<string, string> | null, path?: string): void;
