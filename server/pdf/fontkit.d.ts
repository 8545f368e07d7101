/** The part of fontkit (pdfkit's font reader, which ships no types) the page frame uses. */
declare module 'fontkit' {
  export function openSync(path: string): { hasGlyphForCodePoint(codePoint: number): boolean };
}
