/** One instruction of a Dockerfile, its continuation lines joined. */
interface Instruction {
  keyword: string;
  args: string;
}

/**
 * The Dockerfile as the tests read it: its instructions, the build and runtime stages (split at
 * the last FROM), the runtime's ENV, COPY --from=build pairs, CMD and HEALTHCHECK command.
 */
export function dockerfileOf(text: string) {
  const instructions: Instruction[] = [];
  for (const line of text.replace(/\\\n/g, ' ').split('\n')) {
    const m = /^([A-Z]+)\s+(.*)$/.exec(line.trim());
    if (m?.[1] && m[2] !== undefined && !line.trim().startsWith('#'))
      instructions.push({ keyword: m[1], args: m[2].replace(/\s+/g, ' ').trim() });
  }
  const lastFrom = instructions.map((i) => i.keyword).lastIndexOf('FROM');
  const build = instructions.slice(0, lastFrom);
  const runtime = instructions.slice(lastFrom);
  const env: Record<string, string> = {};
  for (const i of runtime.filter((r) => r.keyword === 'ENV'))
    for (const pair of i.args.split(' ')) {
      const [k, v] = pair.split('=');
      if (k && v !== undefined) env[k] = v;
    }
  const copies = runtime
    .filter((i) => i.keyword === 'COPY')
    .map((i) => {
      const parts = i.args.split(' ');
      if (parts[0] !== '--from=build' || parts.length !== 3) throw new Error(`COPY not understood: ${i.args}`);
      return { from: parts[1] as string, to: parts[2] as string };
    });
  const json = (keyword: string, strip = '') => {
    const args = runtime.find((i) => i.keyword === keyword)?.args.replace(strip, '');
    return args ? (JSON.parse(args.slice(args.indexOf('['))) as string[]) : [];
  };
  return {
    instructions,
    build,
    runtime,
    env,
    copies,
    cmd: json('CMD'),
    healthcheck: json('HEALTHCHECK'),
  };
}
