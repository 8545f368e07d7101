import { PDFParse } from 'pdf-parse';

/** A PDF's text, every kind of space as a plain one: what the browser tests read back of the team's PDFs. */
export async function pdfText(body: Buffer): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(body) });
  try {
    return (await parser.getText()).text.replace(/[^\S\n]+/g, ' ');
  } finally {
    await parser.destroy();
  }
}
