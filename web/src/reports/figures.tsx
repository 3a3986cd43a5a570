/** Label and value pairs, as a description list. */
export function Figures({ items }: { items: { label: string; value: string; testId: string }[] }) {
  return (
    <dl className="grid gap-3 sm:grid-cols-[repeat(auto-fit,minmax(8rem,1fr))]">
      {items.map((item) => (
        <div key={item.testId} className="grid gap-1 rounded-md border p-3" data-testid={item.testId}>
          <dt className="text-sm text-muted-foreground">{item.label}</dt>
          <dd className="text-xl font-semibold tabular-nums">{item.value}</dd>
        </div>
      ))}
    </dl>
  );
}
