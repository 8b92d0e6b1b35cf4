import { readdir } from 'node:fs/promises';
import { join } from 'node:path';

/** Every file under a folder, recursively (none for a folder that does not exist): what an upload left behind. */
export async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name));
}
