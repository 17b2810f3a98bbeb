/** svg-to-pdfkit ships no types: the one function and the options src/interchange/chart-pdf.ts uses. */
declare module 'svg-to-pdfkit' {
  interface SvgToPdfOptions {
    width?: number;
    height?: number;
    preserveAspectRatio?: string;
    /** true: SVG units are points; false: CSS pixels (72/96). */
    assumePt?: boolean;
    /** The registered font name to use for a family and weight. */
    fontCallback?: (family: string, bold: boolean, italic: boolean, fontOptions: Record<string, unknown>) => string;
    warningCallback?: (warning: string) => void;
  }
  function SVGtoPDF(doc: PDFKit.PDFDocument, svg: string, x: number, y: number, options?: SvgToPdfOptions): void;
  export default SVGtoPDF;
}
