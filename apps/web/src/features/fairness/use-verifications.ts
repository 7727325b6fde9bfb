import { useEffect, useRef, useState } from 'react';
import type { CheckpointStore } from './checkpoints';
import { CHECK_LABELS, couldNotRun } from './texts';
import { verifyPeriod, type PeriodVerification, type VerifyPeriodInput } from './verify-period';

/** One period to verify; `key` changes whenever anything the verification reads changes. */
export interface VerificationJob {
  key: string;
  input: Omit<VerifyPeriodInput, 'checkpoints' | 'onProgress' | 'signal' | 'pause'>;
}

export interface VerificationProgress {
  periodId: string;
  walked: number;
  total: number;
}

/** A key for a job: the data it verifies, as JSON (a few hundred bytes). */
export const jobKey = (input: VerificationJob['input']) => JSON.stringify(input);

/**
 * Verifies periods one at a time, in the order of `jobs` as it is when each one starts (a job added at the front
 * runs next, without stopping the walk in progress). Each job runs once per key. The walk yields to the event loop
 * between slices and reports its progress; leaving the page stops it.
 */
export function useVerifications(jobs: readonly VerificationJob[], checkpoints: CheckpointStore | null) {
  const [results, setResults] = useState<Readonly<Record<string, PeriodVerification>>>({});
  const [progress, setProgress] = useState<VerificationProgress | null>(null);
  const jobsRef = useRef(jobs);
  const done = useRef(new Map<string, PeriodVerification>());
  const running = useRef(false);
  const controller = useRef<AbortController | null>(null);

  useEffect(() => {
    const current = new AbortController();
    controller.current = current;
    return () => {
      current.abort();
      running.current = false;
    };
  }, []);

  useEffect(() => {
    jobsRef.current = jobs;
    const current = controller.current;
    if (running.current || !current) return;
    running.current = true;
    void (async () => {
      try {
        for (;;) {
          const next = jobsRef.current.find((job) => !done.current.has(job.key));
          if (!next || current.signal.aborted) break;
          const { periodId } = next.input.period;
          setProgress({ periodId, walked: 0, total: 0 });
          let result: PeriodVerification;
          try {
            result = await verifyPeriod({
              ...next.input,
              checkpoints,
              signal: current.signal,
              onProgress: (walked, total) => setProgress({ periodId, walked, total }),
            });
          } catch (error) {
            if (current.signal.aborted) return;
            console.error('fairness verification failed', error);
            result = {
              periodId,
              computed: null,
              ok: true,
              walked: null,
              checks: [{ key: 'anchor', label: CHECK_LABELS.anchor, status: 'unchecked', detail: couldNotRun() }],
            };
          }
          done.current.set(next.key, result);
          setResults(Object.fromEntries(done.current));
        }
      } finally {
        if (!current.signal.aborted) {
          running.current = false;
          setProgress(null);
        }
      }
    })();
  }, [jobs, checkpoints]);

  return { results, progress };
}
