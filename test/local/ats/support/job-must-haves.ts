import type { AtsJob } from '../../../../lambdas/ats/ats-port';
import { mustHavesOfJob } from '../../../../lambdas/ats/prediction/features';

/**
 * {@link mustHavesOfJob} once per job, as the prediction derives them (placement-prediction.ts
 * keeps them per job id): a history's features need each job's must-haves for every one of its
 * applications, and deriving them again per application was most of these tests' CPU. Keyed by
 * the job object, so a job read from a fake and the planted one are each derived from their own
 * title and description.
 */
export function mustHavesPerJob(): (job: Pick<AtsJob, 'title' | 'description'>) => string[] {
  const derived = new WeakMap<object, string[]>();
  return (job) => {
    let mustHaves = derived.get(job);
    if (!mustHaves) derived.set(job, (mustHaves = mustHavesOfJob(job)));
    return mustHaves;
  };
}
