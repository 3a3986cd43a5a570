/** A batch's default name (the CSV's file name) and its exports' file names (never "batch-batch"). */
import { describe, expect, test } from "bun:test";
import { defaultBatchName } from "../../lib/batch/batch-name.ts";
import { batchFileName } from "../../lib/reports/batch/batch-report.ts";

describe("batch names", () => {
  test("the default is the file's name without its folder and .csv", () => {
    expect(defaultBatchName("Quarterly customers.csv")).toBe("Quarterly customers");
    expect(defaultBatchName("/home/ana/exports/kunden-märz.CSV")).toBe("kunden-märz");
    expect(defaultBatchName("C:\\Users\\ana\\list.csv")).toBe("list");
    expect(defaultBatchName(".csv")).toBe(".csv");
    expect(defaultBatchName(`${"x".repeat(300)}.csv`)).toHaveLength(200);
  });

  test("an export's file name says 'batch' once, whatever the name starts with", () => {
    const createdAt = "2026-11-25T16:52:57.000Z";
    expect(batchFileName({ name: "Batch 11/25/2026, 4:52:57 PM", createdAt }, "csv")).toBe("duecheck-batch-11-25-2026-4-52-57-pm-2026-11-25.csv");
    expect(batchFileName({ name: "batch_march", createdAt }, "pdf")).toBe("duecheck-batch-march-2026-11-25.pdf");
    expect(batchFileName({ name: "Batch", createdAt }, "xlsx")).toBe("duecheck-batch-2026-11-25.xlsx");
    expect(batchFileName({ name: "Batchelor clients", createdAt }, "csv")).toBe("duecheck-batch-batchelor-clients-2026-11-25.csv");
    expect(batchFileName({ name: "Quarterly customers", createdAt }, "csv")).toBe("duecheck-batch-quarterly-customers-2026-11-25.csv");
  });
});
