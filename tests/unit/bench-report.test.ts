import { describe, expect, it } from 'vitest';
import { sectionOf, toMarkdown, type BenchResults } from '../../bench/report';

const results: BenchResults = { date: '2026-11-27T00:00:00.000Z', machine: { cpus: 2, cpu: 'Test CPU', node: 'v20' }, seconds: 1 };

describe('the bench’s report', () => {
  it('keeps the half a run did not measure, as the earlier report had it', () => {
    const api = '<!-- bench:api -->\nRun earlier.\n\n### API: 50 connections\n\n| a |';
    const web = '<!-- bench:web -->\nRun earlier.\n\n### Web: Lighthouse\n\n| b |';
    const earlier = `${api}\n\n${web}\n`;
    expect(sectionOf(earlier, 'api')).toBe(api);
    expect(sectionOf(earlier, 'web')).toBe(web);
    expect(toMarkdown(results, { api: sectionOf(earlier, 'api')!, web: sectionOf(earlier, 'web')! })).toBe(earlier);
  });

  it('finds no half the earlier report does not hold', () => {
    expect(sectionOf('<!-- bench:web -->\n### Web: 1\n', 'api')).toBeNull();
    expect(sectionOf('', 'web')).toBeNull();
  });
});
