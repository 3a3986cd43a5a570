/** An instance key for tests that call lib directly (webhook secrets are sealed with it); servers load their own. */
export const TEST_INSTANCE_KEY = new Uint8Array(32).fill(7);
