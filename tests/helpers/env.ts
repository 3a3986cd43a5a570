/**
 * Sets environment variables for a test file (the server, the pipeline and the sanctions service read
 * process.env) and returns the function that puts the previous values back.
 */
export function setEnv(values: Record<string, string>): () => void {
  const saved = Object.fromEntries(Object.keys(values).map((k) => [k, process.env[k]]));
  Object.assign(process.env, values);
  return () => {
    for (const [k, v] of Object.entries(saved)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
  };
}
