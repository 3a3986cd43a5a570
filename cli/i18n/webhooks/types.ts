/** The words of `duecheck webhooks`. */
export interface WebhookCliText {
  created: (id: string, url: string) => string;
  secret: (secret: string) => string;
  secretOnce: string;
  removed: (id: string) => string;
  notFound: (id: string) => string;
  eventsInvalid: (value: string, events: string) => string;
  columns: {
    url: string;
    events: string;
    enabled: string;
    lastDelivery: string;
    created: string;
    id: string;
    event: string;
    status: string;
    attempts: string;
    code: string;
    time: string;
    error: string;
  };
  yes: string;
  no: string;
  statuses: Record<"pending" | "delivered" | "failed", string>;
  empty: string;
  noDeliveries: string;
  deliveriesTitle: (url: string, total: number) => string;
}
