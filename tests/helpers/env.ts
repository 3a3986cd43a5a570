/**
 * Sets environment variables for a test file (the server, the pipeline and the sanctions service read
 * process.env) and returns the function that puts the previous values back. `undefined` unsets a variable.
 */
export function setEnv(values: Record<string, string | undefined>): () => void {
  const saved = Object.fromEntries(Object.keys(values).map((k) => [k, process.env[k]]));
  const apply = (entries: Record<string, string | undefined>) => {
    for (const [k, v] of Object.entries(entries)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
  };
  apply(values);
  return () => apply(saved);
}

/**
 * What screening tests share: no scheduled list downloads, no spacing between news requests, quick job polls
 * and no language model (each file adds its news servers and timeouts).
 */
export const SCREENING_TEST_ENV = {
  DUECHECK_DATASET_SCHEDULER: "0",
  DUECHECK_GDELT_MIN_INTERVAL_MS: "0",
  DUECHECK_JOB_POLL_SECONDS: "0.5",
  OPENAI_API_KEY: "",
  OPENAI_BASE_URL: "",
} as const;
