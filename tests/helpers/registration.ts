/** A registration form filled in as a new customer would, with an address of its own each call. */
export const validRegistration = (overrides: Record<string, unknown> = {}) => ({
  fullName: "Dana Fischer",
  email: `dana.${Math.random().toString(36).slice(2, 8)}@example.com`,
  phoneNumber: "+49 30 1234567",
  company: "Fischer Compliance GmbH",
  position: "Head of Compliance",
  password: "correct horse battery",
  ...overrides,
});
