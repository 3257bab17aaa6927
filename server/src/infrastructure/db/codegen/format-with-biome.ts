import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';

/** `source` in the house style (biome.json), as `npm run format` would leave the file at `filePath`. */
export function formatWithBiome(source: string, filePath: string): string {
  const biome = createRequire(import.meta.url).resolve('@biomejs/biome/bin/biome');
  const result = spawnSync(process.execPath, [biome, 'check', '--write', `--stdin-file-path=${filePath}`], {
    input: source,
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`biome could not format ${filePath}:\n${result.stderr}`);
  return result.stdout;
}
