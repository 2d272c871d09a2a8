/** A database that can load a SQLite extension: better-sqlite3's Database,
 * or node:sqlite's DatabaseSync opened with { allowExtension: true }. */
export interface ExtensionLoader {
  loadExtension(path: string, ...rest: unknown[]): unknown;
  enableLoadExtension?(allow: boolean): void;
}

/** The path of cgt's library in this package (linux-x64 with glibc); an
 * Error naming the platform elsewhere. */
export function getLoadablePath(): string;

/** Loads cgt into db; for node:sqlite, extension loading is enabled for the
 * load only. */
export function load(db: ExtensionLoader): void;

declare const cgt: { getLoadablePath: typeof getLoadablePath; load: typeof load };
export default cgt;
