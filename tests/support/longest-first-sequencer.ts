/**
 * Longest files first, whatever their project: vitest's own order runs the projects one after the
 * other (infra, stack, unit, web), so the long stack files would start after a minute of CPU-bound
 * infra files and the run would end on them. A file's duration comes from vitest's cache (the last
 * run on this machine) or, on a clean clone without one (CI), from the last recorded run
 * (bench/results/test-times.json, `files`): without them a clean clone ran the projects in glob
 * order and ended on the infra stages' file, one worker busy and the others done. New stack files
 * (known to neither) come first, as they may be long; new files of the other projects come after
 * their project's known ones, as they are short: ranked first, one new unit file took the whole unit
 * project (its files stay together, see keepSharedWorkersTogether) to the run's start, beside the
 * seed and the longest stack files, and doubled its files' times.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** Milliseconds per `project:file` of the last recorded run (bench/test-times.ts writes it). */
function recordedDurations(root: string): Map<string, number> {
  const path = join(root, 'bench/results/test-times.json');
  if (!existsSync(path)) return new Map();
  const { figures } = JSON.parse(readFileSync(path, 'utf8')) as { figures?: { files?: { file: string; project: string; seconds: number }[] } };
  return new Map((figures?.files ?? []).map(({ file, project, seconds }) => [`${project}:${file}`, seconds * 1000]));
}

export default class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const { cache, config } = this.ctx;
    const recorded = recordedDurations(config.root);
    const keyOf = (spec: TestSpecification) => `${spec.project.name}:${relative(config.root, spec.moduleId)}`;
    const rank = (spec: TestSpecification) => {
      const result = cache.getFileTestResults(keyOf(spec));
      // Failed files first, as vitest does, then the longest.
      if (result) return [result.failed ? 1 : 2, 0, -result.duration];
      const duration = recorded.get(keyOf(spec));
      if (duration !== undefined) return [2, 0, -duration];
      return spec.project.name === 'stack' ? [0, 0, 0] : [2, 0, 0];
    };
    const sorted = [...files].sort((a, b) => {
      const [ra, rb] = [rank(a), rank(b)];
      for (let at = 0; at < ra.length; at++) if (ra[at] !== rb[at]) return ra[at] - rb[at];
      return 0;
    });
    return keepSharedWorkersTogether(sorted);
  }
}

/**
 * The files of each project that runs without isolation (`infra`, `unit`, `web`, `stack`), kept
 * together where the project's first file is: vitest keeps such a worker for the next file only when
 * the next file in its queue is of the same project; otherwise it stops the worker, and with it what
 * its files share (the loaded packages, the jsdom, the worker's Chromium).
 */
function keepSharedWorkersTogether(specs: TestSpecification[]): TestSpecification[] {
  const sharedProject = (spec: TestSpecification) => (spec.project.config.isolate === false ? spec.project.name : undefined);
  const placed = new Set<string>();
  return specs.flatMap((spec) => {
    const project = sharedProject(spec);
    if (project === undefined) return [spec];
    if (placed.has(project)) return [];
    placed.add(project);
    return specs.filter((other) => sharedProject(other) === project);
  });
}
