/**
 * The evidence an analyst attaches to a case, made for bench:cases as real files of the allowed types: PDFs (a
 * registry extract with a scanned page), PNG scans, e-mails, text notes and a spreadsheet of transactions. The scans
 * are noise, so they do not compress: their size is what the database keeps.
 */
import { deflateSync } from "node:zlib";
import ExcelJS from "exceljs";
import { PDFDocument, StandardFonts } from "pdf-lib";

export interface BenchFile {
  name: string;
  type: string;
  content: Uint8Array;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (bytes: Uint8Array) => {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};

/** A grey-scale PNG of `width` × `height` pixels of seeded noise (a scanned page, as far as size goes). */
export function noisePng(width: number, height: number, seed: number): Uint8Array {
  let state = seed || 1;
  const raw = new Uint8Array((width + 1) * height);
  for (let y = 0; y < height; y++) {
    for (let x = 1; x <= width; x++) {
      state = (Math.imul(state, 1103515245) + 12345) >>> 0;
      raw[y * (width + 1) + x] = 180 + (state >>> 26);
    }
  }
  const chunk = (type: string, data: Uint8Array) => {
    const out = new Uint8Array(12 + data.length);
    const view = new DataView(out.buffer);
    view.setUint32(0, data.length);
    out.set(new TextEncoder().encode(type), 4);
    out.set(data, 8);
    view.setUint32(8 + data.length, crc32(out.subarray(4, 8 + data.length)));
    return out;
  };
  const header = new Uint8Array(13);
  const hv = new DataView(header.buffer);
  hv.setUint32(0, width);
  hv.setUint32(4, height);
  header.set([8, 0, 0, 0, 0], 8);
  const parts = [
    new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(raw)),
    chunk("IEND", new Uint8Array()),
  ];
  const png = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    png.set(p, at);
    at += p.length;
  }
  return png;
}

async function registryExtract(subject: string, seed: number): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const page = pdf.addPage([595, 842]);
  page.drawText(`Commercial register extract: ${subject}`, { x: 50, y: 790, size: 14, font });
  for (let i = 0; i < 30; i++)
    page.drawText(`Entry ${i + 1}: director appointed, share capital changed, address registered.`, { x: 50, y: 760 - i * 18, size: 9, font });
  const scan = await pdf.embedPng(noisePng(700, 500, seed));
  pdf.addPage([595, 842]).drawImage(scan, { x: 20, y: 300, width: 555, height: 400 });
  return pdf.save();
}

async function transactions(subject: string): Promise<Uint8Array> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet("Transactions");
  sheet.addRow(["Date", "Counterparty", "Amount", "Currency"]);
  for (let i = 0; i < 500; i++) sheet.addRow([`2026-${String(1 + (i % 12)).padStart(2, "0")}-15`, `${subject} payee ${i}`, 1000 + i * 17, "EUR"]);
  return new Uint8Array(await book.xlsx.writeBuffer());
}

const email = (subject: string, i: number) =>
  new TextEncoder().encode(
    `From: onboarding@customer.example\r\nTo: compliance@bench.example\r\nSubject: Re: documents for ${subject} (${i})\r\nDate: Mon, 2 Nov 2026 10:0${i % 10}:00 +0000\r\n\r\n` +
      "Please find the requested identity documents and the register extract attached to our previous message.\r\n".repeat(40),
  );

/** `count` files for the case of `subject`: PDFs, PNG scans, e-mails, text notes and spreadsheets in turn. */
export async function caseFiles(subject: string, count: number): Promise<BenchFile[]> {
  const files: BenchFile[] = [];
  for (let i = 0; i < count; i++) {
    switch (i % 5) {
      case 0:
        files.push({ name: `register-extract-${i}.pdf`, type: "application/pdf", content: await registryExtract(subject, i + 1) });
        break;
      case 1:
        files.push({ name: `id-scan-${i}.png`, type: "image/png", content: noisePng(900, 600, i + 7) });
        break;
      case 2:
        files.push({ name: `customer-reply-${i}.eml`, type: "message/rfc822", content: email(subject, i) });
        break;
      case 3:
        files.push({ name: `call-notes-${i}.txt`, type: "text/plain", content: new TextEncoder().encode(`Call with ${subject}, item ${i}.\n`.repeat(200)) });
        break;
      default:
        files.push({
          name: `transactions-${i}.xlsx`,
          type: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
          content: await transactions(subject),
        });
    }
  }
  return files;
}
