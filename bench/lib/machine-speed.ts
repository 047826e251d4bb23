/**
 * How fast this machine is right now, by two fixed workloads: a bare `node -e 0` started from
 * scratch (what every test file's worker, stack and script pays) and a fixed amount of hashing in
 * this process. Time figures of different days compare only through these: the same code measured
 * 2.9 times slower in bare starts on one day than on another of the same machine kind.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { median, round } from './stats';

const RUNS = 9;

export interface MachineSpeed {
  /** Median wall time of a bare `node -e 0`, in ms. */
  bareNodeMs: number;
  /** Median wall time of 64 MB of SHA-256 in 1 MB pieces, in ms. */
  hashMs: number;
}

export function machineSpeed(): MachineSpeed {
  const starts: number[] = [];
  const hashes: number[] = [];
  const piece = Buffer.alloc(1 << 20, 7);
  for (let run = 0; run < RUNS; run++) {
    let started = performance.now();
    spawnSync(process.execPath, ['-e', '0'], { env: { PATH: process.env.PATH ?? '' } });
    starts.push(performance.now() - started);
    started = performance.now();
    for (let at = 0; at < 64; at++) createHash('sha256').update(piece).digest();
    hashes.push(performance.now() - started);
  }
  return { bareNodeMs: round(median(starts)), hashMs: round(median(hashes)) };
}
