/**
 * Longest files first, whatever their project: vitest's own order runs the projects one after the
 * other (infra, stack, unit, web), so the long stack files would start after a minute of CPU-bound
 * infra files and the run would end on them. With durations from vitest's cache (the last run on
 * this machine) the longest start first; files without one (a clean clone) come first, stack files
 * before the others, larger before smaller. The files of each project without isolation stay
 * together (see keepSharedWorkersTogether).
 */
import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

export default class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const { cache, config } = this.ctx;
    const known = (spec: TestSpecification) => cache.getFileTestResults(`${spec.project.name}:${relative(config.root, spec.moduleId)}`);
    const size = (spec: TestSpecification) => cache.getFileStats(`${spec.project.name}:${relative(config.root, spec.moduleId)}`)?.size ?? 0;
    const rank = (spec: TestSpecification) => {
      const result = known(spec);
      if (!result) return [0, spec.project.name === 'stack' ? 0 : 1, -size(spec)];
      // Failed files first, as vitest does, then the longest.
      return [result.failed ? 1 : 2, 0, -result.duration];
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
