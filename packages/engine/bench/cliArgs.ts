// Command-line options of the engine benches, written `--name=value`.

/** The value of `--name=value`, or undefined when not given. */
export const arg = (name: string): string | undefined =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];

/** The `--base=DIR` a bench against another revision needs (the head of each such bench says how to make DIR). */
export function baseDir(): string {
  const base = arg('base');
  if (!base) throw new Error('--base=DIR: a copy of the other revision (see the head of this file)');
  return base;
}
