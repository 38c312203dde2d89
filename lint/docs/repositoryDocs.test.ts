import { describe, expect, it } from 'vitest';
import { citedDecisions, citingFiles, linkProblems, markdownFiles, read, recordedDecisions } from './repositoryDocs';

describe('everything the code cites is in the repository', () => {
  it('finds a decision cited as D<n> or D<n>b, and nothing inside another word', () => {
    expect(citedDecisions('the queue (D15), D5b and D38; not 0xD5, #D1D5DB nor AD5')).toEqual(['D15', 'D5b', 'D38']);
  });

  it('has a record in docs/decisions/ for every decision cited in code, data and docs', () => {
    const recorded = recordedDecisions();
    const files = citingFiles();
    // The scan reaches the code and the docs (a wrong pattern would find nothing and pass).
    expect(files).toEqual(
      expect.arrayContaining(['api/src/server.ts', 'web/src/router.tsx', 'docs/product.md', 'README.md']),
    );
    const missing = files.flatMap((file) =>
      citedDecisions(read(file))
        .filter((id) => !recorded.has(id))
        .map((id) => `${file}: ${id}`),
    );
    expect([...new Set(missing)]).toEqual([]);
    // D1 to D44 and D5b, each once.
    expect(recorded.size).toBe(45);
  });

  it('tells a link that leaves the repository, an absolute path and a missing file', () => {
    const text = [
      '[spec](../shared/spec/platform.md), [abs](/work/shared/x.md)',
      '[ok](api/README.md#layout), [web](https://example.org), [anchor](#top), [gone](docs/nope.md)',
      '`[code](../x.md)`',
    ].join('\n');
    expect(linkProblems('README.md', text).map((p) => `${p.target}: ${p.problem}`)).toEqual([
      '../shared/spec/platform.md: leaves the repository',
      '/work/shared/x.md: absolute path',
      'docs/nope.md: missing',
    ]);
  });

  it('links every README and doc inside the repository only', () => {
    const files = markdownFiles();
    expect(files).toEqual(expect.arrayContaining(['README.md', 'api/README.md', 'docs/decisions/README.md']));
    const problems = files.flatMap((file) => linkProblems(file, read(file)));
    expect(problems).toEqual([]);
  });
});
