import { describe, expect, test } from "bun:test";
import { detectAttachmentType } from "../../lib/cases/attachment-types.ts";
import { attachmentDisposition, downloadName } from "../../lib/cases/attachment-views.ts";
import { AppError } from "../../lib/errors.ts";
import { DOCX, ELF, EML, JPEG, MACH_O, NEARLY_DOCX, PDF, PE, PNG, RANDOM_ZIP, SCRIPT, TXT, XLSX } from "../fixtures/attachments.ts";

/**
 * What a file is, told from its bytes: each allowed type made from real bytes, and executables, scripts, archives and
 * binary data refused with 415 (an empty file with 400), whatever the name would have said.
 */
function refusal(content: Uint8Array) {
  try {
    detectAttachmentType(content);
  } catch (error) {
    if (error instanceof AppError) return { status: error.status, message: error.message };
    throw error;
  }
  return null;
}

describe("allowed types", () => {
  test("each is told from its bytes", () => {
    expect(detectAttachmentType(PDF)).toBe("pdf");
    expect(detectAttachmentType(PNG)).toBe("png");
    expect(detectAttachmentType(JPEG)).toBe("jpeg");
    expect(detectAttachmentType(DOCX)).toBe("docx");
    expect(detectAttachmentType(XLSX)).toBe("xlsx");
    expect(detectAttachmentType(EML)).toBe("eml");
    expect(detectAttachmentType(TXT)).toBe("txt");
  });

  test("text that only looks like a mail is text; a byte order mark is allowed", () => {
    expect(detectAttachmentType(new TextEncoder().encode("Subject: notes\nno sender here\n"))).toBe("txt");
    expect(detectAttachmentType(new TextEncoder().encode("From: a@example.com\nnot a header line\n\nbody"))).toBe("txt");
    expect(detectAttachmentType(new Uint8Array([0xef, 0xbb, 0xbf, 0x48, 0x69, 0x0a]))).toBe("txt");
  });
});

describe("refused", () => {
  test("executables and scripts: 415 naming what they are", () => {
    expect(refusal(ELF)).toEqual({ status: 415, message: expect.stringContaining("ELF executable") });
    expect(refusal(PE)).toEqual({ status: 415, message: expect.stringContaining("Windows executable") });
    expect(refusal(MACH_O)).toEqual({ status: 415, message: expect.stringContaining("Mach-O executable") });
    expect(refusal(SCRIPT)).toEqual({ status: 415, message: expect.stringContaining("script") });
    expect(refusal(new Uint8Array([0xef, 0xbb, 0xbf, ...SCRIPT]))?.status).toBe(415);
  });

  test("a zip that is neither a Word document nor an Excel workbook", () => {
    expect(refusal(RANDOM_ZIP)).toEqual({ status: 415, message: expect.stringContaining("neither a Word document (DOCX) nor an Excel workbook") });
    expect(refusal(NEARLY_DOCX)?.status).toBe(415);
    // A zip's signature with no archive behind it.
    expect(refusal(new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]))?.status).toBe(415);
  });

  test("binary data, a NUL or a control byte in text, broken UTF-8: 415 naming the allowed types", () => {
    const allowed = "PDF, PNG, JPEG, TXT, EML, DOCX, XLSX";
    expect(refusal(new Uint8Array([0x00, 0x01, 0x02, 0xff, 0xfe]))).toEqual({ status: 415, message: expect.stringContaining(allowed) });
    expect(refusal(new TextEncoder().encode("abc\u0000def"))?.status).toBe(415);
    expect(refusal(new TextEncoder().encode("\u001b[2Jabc"))?.status).toBe(415);
    expect(refusal(new Uint8Array([0x61, 0xc3, 0x28]))?.status).toBe(415);
    // GIF is an image, but not one a case takes.
    expect(refusal(new TextEncoder().encode("GIF89a\u0001\u0000"))?.status).toBe(415);
  });

  test("an empty file: 400", () => {
    expect(refusal(new Uint8Array(0))).toEqual({ status: 400, message: "The file is empty" });
  });
});

describe("the download's name", () => {
  test("ends with the extension of the type the bytes are", () => {
    expect(downloadName("scan.pdf", "png")).toBe("scan.pdf.png");
    expect(downloadName("passport.PDF", "pdf")).toBe("passport.PDF");
    expect(downloadName("photo.jpeg", "jpeg")).toBe("photo.jpeg");
    expect(downloadName("README", "txt")).toBe("README.txt");
  });

  test("Content-Disposition: an ASCII stand-in and the exact name in UTF-8", () => {
    expect(attachmentDisposition('Relevé "final".pdf')).toBe(`attachment; filename="Relev_ _final_.pdf"; filename*=UTF-8''Relev%C3%A9%20%22final%22.pdf`);
    expect(attachmentDisposition("a'b(1).txt")).toBe(`attachment; filename="a'b(1).txt"; filename*=UTF-8''a%27b%281%29.txt`);
  });
});
