/** The words of `duecheck admin`, `settings`, `audit` and the admin parts of `users`. */
export interface AdminCliText {
  statsTitle: string;
  stats: {
    totalUsers: string;
    activeUsers: string;
    totalSearches: string;
    searchesToday: string;
    totalCreditsUsed: string;
    creditsUsedToday: string;
    totalRevenue: string;
    revenueToday: string;
  };
  searchesTitle: (total: number) => string;
  transactionsTitle: (total: number) => string;
  auditTitle: (shown: number) => string;
  noSearches: string;
  noTransactions: string;
  auditIntact: (entries: number, headId: number | null, headHash: string | null) => string;
  auditAltered: (id: number) => string;
  auditRemoved: (id: number, removedId: number | null) => string;
  noEntries: string;
  yes: string;
  no: string;
  columns: {
    time: string;
    user: string;
    term: string;
    automated: string;
    credits: string;
    risk: string;
    sanctions: string;
    media: string;
    type: string;
    amount: string;
    balance: string;
    description: string;
    actor: string;
    action: string;
    target: string;
    details: string;
  };
  fields: { company: string; position: string; createdAt: string };
  system: string;
  userUpdated: (email: string) => string;
  activated: (email: string) => string;
  deactivated: (email: string) => string;
  roleSet: (email: string, role: string) => string;
  resetLinkNote: (email: string, expiresAt: string) => string;
  twoFactorReset: (email: string) => string;
  nothingToEdit: string;
  settingSaved: (key: string) => string;
  unknownSetting: (key: string, keys: string) => string;
  sinceInvalid: (value: string) => string;
}
